import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_RESOURCES, LEGACY_RESOURCES } from "../../declaration";
import { ROWS_BEGIN, ROWS_END, resourceTable, rowVisibilityTable } from "../../scripts/api-doc-table";

// docs/api.md's private rows' table is generated from the declaration (npm run -s docs:resources);
// it must not drift from what the server checks. Every operation is in the OpenAPI document
// (tests/server/openapi.test.ts); npm run -s docs:resources prints it as a table too.
const doc = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");

describe("docs/api.md", () => {
  it("holds the private rows' table of the current declaration (regenerate: npm run -s docs:resources)", () => {
    const begin = doc.indexOf(ROWS_BEGIN);
    const end = doc.indexOf(ROWS_END);
    expect(begin, "table markers in docs/api.md").toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(begin);
    expect(doc.slice(begin, end + ROWS_END.length)).toBe(rowVisibilityTable());
  });

  it("has a row for every declared resource", () => {
    const rows = resourceTable()
      .split("\n")
      .filter((l) => l.startsWith("| ") && !l.startsWith("| resource "));
    expect(rows.map((l) => l.split(" | ")[0].slice(2))).toEqual([...API_RESOURCES, ...LEGACY_RESOURCES].map((r) => r.name));
  });

  it("keeps the Limits heading", () => {
    expect(doc).toMatch(/^## Limits$/m);
  });

  it("refers to no file outside the project", () => {
    expect(doc).not.toMatch(/\.\.\/|shared\/|contract-notes/);
  });
});
