// The runtime and the dependency tree the project promises: one Node.js major in .nvmrc and
// engines (npm start and npm test refuse an older one with a way out), no package without a
// licence, and exceljs still reading workbooks with the unzipper it is overridden to.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { requiredMajor, unsupportedNode } from "../../scripts/node-check.mjs";

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string }; overrides?: Record<string, unknown> };

describe("the Node.js runtime", () => {
  it("is one major in .nvmrc (what scripts/node.sh installs) and in engines, and this run is on it", () => {
    expect(pkg.engines.node).toBe(">=24");
    expect(readFileSync(new URL(".nvmrc", root), "utf8").trim()).toBe(String(requiredMajor()));
    expect(requiredMajor()).toBe(24);
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
  });

  it("an older Node.js is refused with the way to get the right one; 24 and newer pass", () => {
    expect(unsupportedNode("v20.20.2")).toBe(
      "Fieldworks needs Node.js 24 or newer, and this is Node.js v20.20.2. Run the commands through scripts/node.sh (scripts/node.sh npm ci, scripts/node.sh npm start), which installs Node.js 24 from the npm registry into .node/ the first time, or install Node.js 24 yourself.",
    );
    expect(unsupportedNode("v22.14.0")).toContain("Node.js 24 or newer");
    expect(unsupportedNode("v24.0.0")).toBeNull();
    expect(unsupportedNode("v26.1.0")).toBeNull();
  });

  it("npm start and npm test stop at once on an older one, exit code 1, the message on stderr", () => {
    // scripts/node-check.mjs's requireSupportedNode, which both run first, on a pretended Node 20.
    const r = spawnSync(
      process.execPath,
      ["-e", 'Object.defineProperty(process, "version", { value: "v20.20.2" }); import("./scripts/node-check.mjs").then((m) => m.requireSupportedNode())'],
      {
        cwd: new URL(".", root),
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(unsupportedNode("v20.20.2"));
    expect(readFileSync(new URL("scripts/test.mjs", root), "utf8")).toContain("\nrequireSupportedNode();\n");
    expect(readFileSync(new URL("scripts/start.ts", root), "utf8")).toContain("\nrequireSupportedNode();\n");
  });
});

describe("dependencies", () => {
  it("buffers@0.1.1 (no licence, through exceljs's old unzipper) is not installed", () => {
    expect(pkg.overrides).toEqual({ exceljs: { unzipper: "^0.12.3" } });
    const tree = spawnSync("npm", ["ls", "buffers", "binary", "--all", "--json"], { cwd: new URL(".", root), encoding: "utf8" });
    expect(JSON.parse(tree.stdout).dependencies ?? {}).toEqual({});
  });

  it("exceljs reads a workbook as a stream (its unzipper) and whole (jszip)", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Hours");
    sheet.addRow(["Name", "Hours"]);
    sheet.addRow(["Budi", 7.5]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());

    const input = new PassThrough();
    input.end(bytes);
    const rows: unknown[][] = [];
    for await (const ws of new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: "emit", sharedStrings: "cache" })) {
      for await (const row of ws) rows.push((row.values as unknown[]).slice(1));
    }
    expect(rows).toEqual([
      ["Name", "Hours"],
      ["Budi", 7.5],
    ]);
    const whole = new ExcelJS.Workbook();
    await whole.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(whole.getWorksheet("Hours")?.getCell("A2").value).toBe("Budi");
  });
});
