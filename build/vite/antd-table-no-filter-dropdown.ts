// antd's Table imports its column filter dropdown statically, and with it Tree (rc-tree), Menu,
// Checkbox, Radio and a search box: about 15 KB gzipped on every list. Our lists never give a
// column `filters`, `filterDropdown` or `onFilter` (they filter in a bar above the table;
// tests/web/crud/crud-columns.test.ts keeps it so), and antd renders the dropdown only for such
// columns. The module is replaced by one that renders the column's title and says loudly, in the
// console, that a column asked for a filter dropdown.
import type { Plugin } from "vite";

export const FILTER_DROPDOWN = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;
export const FILTER_DROPDOWN_USE = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;
/** How useFilter/index.js imports the module: the stub has the same two exports. */
export const FILTER_DROPDOWN_IMPORT = "import FilterDropdown, { flattenKeys } from './FilterDropdown';";

export const NO_FILTER_DROPDOWN_MODULE = [
  "// Fieldworks (build/vite/antd-table-no-filter-dropdown.ts): column filter dropdowns are not used.",
  "export function flattenKeys(filters) {",
  "  let keys = [];",
  "  (filters || []).forEach(({ value, children }) => {",
  "    keys.push(value);",
  "    if (children) keys = keys.concat(flattenKeys(children));",
  "  });",
  "  return keys;",
  "}",
  "let told = false;",
  "export default function FilterDropdown(props) {",
  "  if (!told) {",
  "    told = true;",
  '    console.error("A table column asks for antd\'s filter dropdown, which this build leaves out (build/vite): filter in the bar above the table.");',
  "  }",
  "  return props.children;",
  "}",
].join("\n");

export function antdTableNoFilterDropdown(): Plugin {
  return {
    name: "antd-table-no-filter-dropdown",
    enforce: "pre",
    transform: {
      filter: { id: { include: [FILTER_DROPDOWN, FILTER_DROPDOWN_USE] } },
      handler(code, id) {
        if (FILTER_DROPDOWN.test(id)) return { code: NO_FILTER_DROPDOWN_MODULE, map: null };
        if (!code.includes(FILTER_DROPDOWN_IMPORT))
          this.warn("antd's table useFilter no longer imports FilterDropdown as the stub expects: check build/vite/antd-table-no-filter-dropdown.ts");
        return null;
      },
    },
  };
}
