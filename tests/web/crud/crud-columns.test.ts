// The list's columns never ask antd's Table for a column filter dropdown: the build leaves that
// dropdown out (vite.config.ts, leanVendorImports) and the lists filter in the bar above the
// table. A column with `filters`, `filterDropdown` or `onFilter` would get no dropdown there.
import { describe, expect, it } from "vitest";
import { buildColumns, sortOrderOf } from "../../../src/crud/columns";
import { ALL, listFieldsOf } from "../../../src/crud/model";
import type { Formatting } from "../../../src/crud/useCrud";
import { DEFAULT_CURRENCY } from "../../../src/lib/format";

const fmt: Formatting = {
  lang: "en",
  currency: DEFAULT_CURRENCY,
  zones: { company: "Asia/Jakarta", projects: {} },
  dateTime: String,
  t: (k) => k,
  label: (f) => f.name,
};

describe("list columns", () => {
  it("of every declared resource use no column filter dropdown", () => {
    const offending = ALL.flatMap((r) =>
      buildColumns(r, listFieldsOf(r), [], fmt)
        .filter((c) => "filters" in c || "filterDropdown" in c || "onFilter" in c)
        .map((c) => `${r.name}.${String(c.key)}`),
    );
    expect(offending).toEqual([]);
  });

  it("show the table's sort order of their field", () => {
    const sorters = [
      { field: "name", order: "asc" as const },
      { field: "code", order: "desc" as const },
    ];
    expect(sortOrderOf("name", sorters)).toBe("ascend");
    expect(sortOrderOf("code", sorters)).toBe("descend");
    expect(sortOrderOf("id", sorters)).toBeNull();
  });
});
