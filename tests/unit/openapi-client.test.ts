// A client generated from the OpenAPI document type-checks: `npm run api:types`'s types (openapi-typescript)
// and openapi-fetch make tests/api-client/search-projects.ts's project search compile under tsc, and the
// calls it marks `@ts-expect-error` (a wrong operator, a wrong method, a name read as a number) are
// refused: without those marks tsc reports an error at each of them.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { apiTypes } from "../../scripts/api-types";

const ROOT = join(import.meta.dirname, "../..");
const CLIENT = join(ROOT, "tests/api-client/search-projects.ts");
// Inside the repository (its .tmp/, ignored) so that openapi-fetch resolves from node_modules.
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".tmp/api-client-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a client typed by the OpenAPI document", () => {
  it("type-checks a project search, and refuses the calls marked @ts-expect-error", { timeout: 180_000 }, async () => {
    const types = await apiTypes();
    expect(types).toContain('"/api/project/search": {');
    writeFileSync(join(dir, "openapi.ts"), types);
    copyFileSync(CLIENT, join(dir, "search-projects.ts"));
    const source = readFileSync(CLIENT, "utf8").split("\n");
    const marked = source.flatMap((line, i) => (line.includes("// @ts-expect-error") ? [i + 1] : []));
    expect(marked.length).toBe(3);
    // The same file without the marks: line n of it is line n + (marks above it) of the original.
    writeFileSync(join(dir, "unmarked.ts"), source.filter((line) => !line.includes("// @ts-expect-error")).join("\n"));
    const expectedLines = marked.map((line, k) => line - k);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", lib: ["ES2023", "DOM"], module: "ESNext", moduleResolution: "bundler", strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ["search-projects.ts", "unmarked.ts"],
      }),
    );
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    const out = await promisify(execFile)(process.execPath, [tsc, "-p", join(dir, "tsconfig.json"), "--pretty", "false"], { cwd: dir }).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    const errors = out.split("\n").filter((l) => /error TS\d+/.test(l));
    expect(
      errors.filter((l) => !l.startsWith("unmarked.ts")),
      out,
    ).toEqual([]);
    const lines = errors.map((l) => Number(/^unmarked\.ts\((\d+),/.exec(l)?.[1]));
    expect(
      [...new Set(lines)].sort((a, b) => a - b),
      out,
    ).toEqual(expectedLines);
  });
});
