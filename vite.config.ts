import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Keeps vendor code out of the first screens (figures: npm run bench:bundle).
 * - `import { XOutlined } from "@ant-design/icons"` becomes a deep import of that one icon. The
 *   barrel stays reachable only through dynamic imports (the icon picker's "all icons" chunk);
 *   one static barrel import (pro-layout, @refinedev/antd) would pull every icon into its chunk.
 * - react-markdown and remark-gfm (imported by @refinedev/antd's MarkdownField) and papaparse
 *   (by @refinedev/core's import/export hooks) are declared free of side effects, so
 *   tree-shaking drops them (and the markdown parsers) wherever they are unused.
 * - resize-observer-polyfill (antd's rc-resize-observer) becomes the browser's own
 *   ResizeObserver, which every browser we target has.
 * - side-channel (qs, under Refine's URL sync) becomes a Map: the original adds object-inspect
 *   and get-intrinsic (about 8 KB gzipped) for old engines and one error message.
 * - @ant-design/pro-provider (under @refinedev/antd's PageHeader) bundles the texts of 33
 *   languages; all but English and Indonesian are pointed at English (we speak those two only).
 * - antd's Button styles read one helper (isBright) from the ColorPicker's presets module; that
 *   module, shared with the form's ColorPicker, pulled the whole picker, Collapse and
 *   @rc-component/color-picker into the login page's chunks (about 7 KB gzipped). The helper
 *   gets a module of its own (a copy of antd 5's) and @rc-component/color-picker, whose index
 *   re-exports the picker next to its Color class, is declared free of side effects.
 * - antd's Table imports its column filter dropdown statically, and with it Tree (rc-tree),
 *   Menu, Checkbox, Radio and a search box: about 15 KB gzipped on every list. Our lists never
 *   give a column `filters`, `filterDropdown` or `onFilter` (they filter in a bar above the
 *   table; tests/web/crud/crud-columns.test.ts keeps it so), and antd renders the dropdown only
 *   for such columns. The module is replaced by one that renders the column's title and says
 *   loudly, in the console, that a column asked for a filter dropdown.
 */
function leanVendorImports(): Plugin {
  const ICONS = /import\s+(?:([\w$]+)\s*,\s*)?(?:([\w$]+)|\{([^}]*)\})\s+from\s*(["'])@ant-design\/icons\4;?/g;
  const NO_SIDE_EFFECTS = /[\\/]node_modules[\\/](react-markdown|remark-gfm|papaparse|@rc-component[\\/]color-picker|error-stack-parser|stackframe)[\\/]/;
  const deepPath = (name: string): string | null =>
    /^[A-Z]\w*(Outlined|Filled|TwoTone)$/.test(name) ? `@ant-design/icons/es/icons/${name}` : null;
  const rewrite = (whole: string, defA?: string, defB?: string, named?: string): string => {
    const out: string[] = [];
    const def = defA ?? defB;
    if (def) out.push(`import ${def} from "@ant-design/icons/es/components/Icon";`);
    for (const spec of (named ?? "").split(",").map((x) => x.trim()).filter(Boolean)) {
      const [imported, local = imported] = spec.split(/\s+as\s+/).map((x) => x.trim());
      const path = deepPath(imported);
      if (!path) return whole; // something other than an icon: leave the statement as it is
      out.push(`import ${local} from "${path}";`);
    }
    return out.join("\n");
  };
  const BUTTON_TOKEN = /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/;
  const IS_BRIGHT_IMPORT = /import \{ isBright \} from '\.\.\/\.\.\/color-picker\/components\/ColorPresets';/;
  const IS_BRIGHT = "\0antd-is-bright";
  const IS_BRIGHT_SPECIFIER = "lean:antd-is-bright";
  const FILTER_DROPDOWN = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;
  const FILTER_DROPDOWN_USE = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;
  const NO_FILTER_DROPDOWN = [
    "// Fieldworks (vite.config.ts, leanVendorImports): column filter dropdowns are not used.",
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
    '    console.error("A table column asks for antd\'s filter dropdown, which this build leaves out (vite.config.ts): filter in the bar above the table.");',
    "  }",
    "  return props.children;",
    "}",
  ].join("\n");
  const NATIVE_RESIZE_OBSERVER = "\0native-resize-observer";
  const MAP_SIDE_CHANNEL = "\0map-side-channel";
  const VIRTUAL: Record<string, string> = {
    [NATIVE_RESIZE_OBSERVER]: "export default globalThis.ResizeObserver;",
    // antd 5.29's isBright (es/color-picker/components/ColorPresets.js), for the Button styles.
    [IS_BRIGHT]: [
      'import { Color as RcColor } from "@rc-component/color-picker";',
      "export const isBright = (value, bgColorToken) => {",
      "  const { r, g, b, a } = value.toRgb();",
      "  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();",
      "  if (a <= 0.5) return hsv.v > 0.5;",
      "  return r * 0.299 + g * 0.587 + b * 0.114 > 192;",
      "};",
    ].join("\n"),
    [MAP_SIDE_CHANNEL]: [
      "module.exports = function getSideChannel() {",
      "  var m = new Map();",
      "  return {",
      "    assert: function (k) { if (!m.has(k)) throw new TypeError('Side channel does not contain the given key'); },",
      "    'delete': function (k) { return m['delete'](k); },",
      "    get: function (k) { return m.get(k); },",
      "    has: function (k) { return m.has(k); },",
      "    set: function (k, v) { m.set(k, v); },",
      "  };",
      "};",
    ].join("\n"),
  };
  const PRO_INTL = /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]intl\.js$/;
  const PRO_LOCALE_IMPORT = /from "\.\/locale\/(?!en_US|id_ID|zh_CN)\w+"/g;
  return {
    name: "lean-vendor-imports",
    enforce: "pre", // before Vite's resolver, for the ResizeObserver swap
    resolveId: (id) =>
      id === "resize-observer-polyfill" ? NATIVE_RESIZE_OBSERVER : id === "side-channel" ? MAP_SIDE_CHANNEL : id === IS_BRIGHT_SPECIFIER ? IS_BRIGHT : null,
    load: (id) => VIRTUAL[id] ?? null,
    transform(code, id) {
      if (NO_SIDE_EFFECTS.test(id)) return { code, map: null, moduleSideEffects: false };
      if (PRO_INTL.test(id)) return { code: code.replace(PRO_LOCALE_IMPORT, 'from "./locale/en_US"'), map: null };
      if (FILTER_DROPDOWN.test(id)) return { code: NO_FILTER_DROPDOWN, map: null };
      if (FILTER_DROPDOWN_USE.test(id) && !code.includes("import FilterDropdown, { flattenKeys } from './FilterDropdown';")) {
        this.warn("antd's table useFilter no longer imports FilterDropdown as the stub expects: check leanVendorImports");
      }
      if (BUTTON_TOKEN.test(id)) {
        if (!IS_BRIGHT_IMPORT.test(code)) this.warn("antd's button/style/token.js no longer imports isBright as expected: the login chunks may grow");
        return { code: code.replace(IS_BRIGHT_IMPORT, `import { isBright } from "${IS_BRIGHT_SPECIFIER}";`), map: null };
      }
      if (!/\.(m?[jt]sx?)$/.test(id.split("?")[0]) || !code.includes("@ant-design/icons")) return null;
      const next = code.replace(ICONS, (whole, a, b, c) => rewrite(whole, a, b, c));
      return next === code ? null : { code: next, map: null };
    },
  };
}

// The dev server proxies the services to the bundled API server (npm run server).
const target = `http://localhost:${process.env.PORT ?? 3000}`;
const proxied = ["/api", "/legacy", "/map-service", "/gis", "/invoice"];

export default defineConfig({
  plugins: [react(), leanVendorImports()],
  base: "./",
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target, changeOrigin: true }])),
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
