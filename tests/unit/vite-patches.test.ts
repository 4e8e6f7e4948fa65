// The build's patches of vendor internals (build/vite/, composed in vite.config.ts): each test
// reads the code a patch expects from node_modules and checks the patch still applies to it, so
// an upgrade that changes that code fails here instead of silently growing the bundle or breaking it.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { describe, expect, it, vi } from "vitest";
import { antdButtonIsBright, BUTTON_TOKEN, IS_BRIGHT_IMPORT, IS_BRIGHT_MODULE, ownIsBright } from "../../build/vite/antd-button-is-bright";
import { antdDeepIcons, deepIconImports, ICON_COMPONENT_PATH } from "../../build/vite/antd-deep-icons";
import { antdTableNoFilterDropdown, FILTER_DROPDOWN, FILTER_DROPDOWN_IMPORT, FILTER_DROPDOWN_USE, NO_FILTER_DROPDOWN_MODULE } from "../../build/vite/antd-table-no-filter-dropdown";
import { MAP_SIDE_CHANNEL_MODULE, mapSideChannel } from "../../build/vite/map-side-channel";
import { NATIVE_RESIZE_OBSERVER_MODULE, nativeResizeObserver } from "../../build/vite/native-resize-observer";
import { noSideEffects, SIDE_EFFECT_FREE } from "../../build/vite/no-side-effects";
import { englishForOtherLocales, PRO_INTL, proProviderLocales } from "../../build/vite/pro-provider-locales";
import { patchSvarGrid, SVAR_GRID, SVAR_GRID_REPLACEMENTS, svarGridAria } from "../../build/vite/svar-grid-aria";
import { parseAst } from "vite";
import { DRAWN_OPTION_ARIA, drawnOptionsWithoutAriaSelected, OPTION_LIST, rcSelectOptionAria } from "../../build/vite/rc-select-option-aria";

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, "../..");
const modulePath = (path: string) => join(ROOT, "node_modules", path);
const source = (path: string) => readFileSync(modulePath(path), "utf8");

type Handler = (this: { warn: (m: string) => void }, code: string, id: string) => unknown;
type ObjectHook = { filter?: { id?: unknown; code?: unknown }; handler: Handler };
/** A plugin's hook as Vite calls it (these plugins give hooks with a filter). */
const hook = (plugin: Plugin, name: "transform" | "resolveId" | "load") => plugin[name] as unknown as ObjectHook;
/** Runs a plugin's transform on a module the way the build does: the filter first, then the handler. */
function transform(plugin: Plugin, code: string, id: string) {
  const warn = vi.fn();
  const { filter, handler } = hook(plugin, "transform");
  const idFilter = filter?.id as RegExp | { include: RegExp[] } | undefined;
  const ids = idFilter instanceof RegExp ? [idFilter] : (idFilter?.include ?? []);
  const codeFilter = filter?.code as string | undefined;
  const passes = (!idFilter || ids.some((re) => re.test(id))) && (!codeFilter || code.includes(codeFilter));
  const result = passes ? (handler.call({ warn }, code, id) as { code: string; moduleSideEffects?: boolean } | null) : null;
  return { result, warn };
}
const resolveAndLoad = (plugin: Plugin, specifier: string): string => {
  const id = hook(plugin, "resolveId").handler.call({ warn: vi.fn() }, specifier, "") as string;
  expect((hook(plugin, "resolveId").filter?.id as RegExp).test(specifier)).toBe(true);
  expect((hook(plugin, "load").filter?.id as RegExp).test(id)).toBe(true);
  return hook(plugin, "load").handler.call({ warn: vi.fn() }, id, "") as string;
};

describe("antd-button-is-bright", () => {
  const TOKEN = "antd/es/button/style/token.js";
  it("antd's Button token module imports isBright from the ColorPicker presets, and the patch points it at the module of its own", () => {
    const code = source(TOKEN);
    expect(code).toMatch(IS_BRIGHT_IMPORT);
    const { result, warn } = transform(antdButtonIsBright(), code, modulePath(TOKEN));
    expect(warn).not.toHaveBeenCalled();
    expect(result?.code).not.toMatch(IS_BRIGHT_IMPORT);
    expect(result?.code).toContain('import { isBright } from "lean:antd-is-bright";');
    expect(result?.code).toBe(ownIsBright(code));
    expect(BUTTON_TOKEN.test(modulePath(TOKEN))).toBe(true);
  });

  it("the copy of isBright is antd's own (ColorPresets.js still defines it this way)", () => {
    const presets = source("antd/es/color-picker/components/ColorPresets.js");
    expect(presets).toContain("import { ColorBlock, Color as RcColor } from '@rc-component/color-picker';");
    // antd 5.29's isBright, verbatim: IS_BRIGHT_MODULE is this function written shorter.
    expect(presets).toContain(
      [
        "export const isBright = (value, bgColorToken) => {",
        "  const {",
        "    r,",
        "    g,",
        "    b,",
        "    a",
        "  } = value.toRgb();",
        "  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();",
        "  if (a <= 0.5) {",
        "    // Adapted to dark mode",
        "    return hsv.v > 0.5;",
        "  }",
        "  return r * 0.299 + g * 0.587 + b * 0.114 > 192;",
        "};",
      ].join("\n"),
    );
    expect(IS_BRIGHT_MODULE).toContain('import { Color as RcColor } from "@rc-component/color-picker";');
    expect(resolveAndLoad(antdButtonIsBright(), "lean:antd-is-bright")).toBe(IS_BRIGHT_MODULE);
  });
});

describe("antd-table-no-filter-dropdown", () => {
  const DROPDOWN = "antd/es/table/hooks/useFilter/FilterDropdown.js";
  const USE = "antd/es/table/hooks/useFilter/index.js";

  it("antd's table imports FilterDropdown and flattenKeys as the stub expects, and the stub replaces the module", () => {
    const use = source(USE);
    expect(use).toContain(FILTER_DROPDOWN_IMPORT);
    const onUse = transform(antdTableNoFilterDropdown(), use, modulePath(USE));
    expect(onUse.warn).not.toHaveBeenCalled();
    expect(onUse.result).toBeNull();
    expect(FILTER_DROPDOWN_USE.test(modulePath(USE))).toBe(true);

    const onDropdown = transform(antdTableNoFilterDropdown(), source(DROPDOWN), modulePath(DROPDOWN));
    expect(FILTER_DROPDOWN.test(modulePath(DROPDOWN))).toBe(true);
    expect(onDropdown.result?.code).toBe(NO_FILTER_DROPDOWN_MODULE);
  });

  it("warns when antd's table no longer imports the module that way", () => {
    const { warn } = transform(antdTableNoFilterDropdown(), "import FilterDropdown from './FilterDropdown';", modulePath(USE));
    expect(warn).toHaveBeenCalledOnce();
  });

  it("the stub has the module's exports, and its flattenKeys flattens like antd's", async () => {
    const original = source(DROPDOWN);
    const exported = original.split("\n").filter((line) => line.startsWith("export "));
    expect(exported).toEqual(["export function flattenKeys(filters) {", "export default FilterDropdown;"]);
    expect(original).toContain("    keys.push(value);\n    if (children) {\n      keys = [].concat(_toConsumableArray(keys), _toConsumableArray(flattenKeys(children)));");

    const file = join(mkdtempSync(join(tmpdir(), "fw-stub-")), "FilterDropdown.mjs");
    writeFileSync(file, NO_FILTER_DROPDOWN_MODULE);
    const stub = await import(/* @vite-ignore */ pathToFileURL(file).href);
    const filters = [{ value: "a" }, { value: "b", children: [{ value: "c", children: [{ value: "d" }] }] }, { value: 5 }];
    expect(stub.flattenKeys(filters)).toEqual(["a", "b", "c", "d", 5]);
    expect(stub.flattenKeys(undefined)).toEqual([]);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(stub.default({ children: "Title" })).toBe("Title");
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });
});

describe("antd-deep-icons", () => {
  it("the icon barrel's default export and each icon live where the deep imports point", () => {
    expect(source("@ant-design/icons/es/index.js")).toContain('export { default } from "./components/Icon";');
    expect(existsSync(modulePath(`${ICON_COMPONENT_PATH}.js`))).toBe(true);
    for (const name of ["HomeOutlined", "CloseCircleFilled", "CheckCircleTwoTone"]) expect(existsSync(modulePath(`@ant-design/icons/es/icons/${name}.js`))).toBe(true);
  });

  it("rewrites default, named and renamed icon imports, and leaves statements with other names alone", () => {
    const code = ['import Icon, { HomeOutlined, UserOutlined as User } from "@ant-design/icons";', "import { CloseOutlined } from '@ant-design/icons';", "const x = 1;"].join("\n");
    expect(deepIconImports(code, "/app/src/a.tsx")).toBe(
      [
        `import Icon from "${ICON_COMPONENT_PATH}";`,
        'import HomeOutlined from "@ant-design/icons/es/icons/HomeOutlined";',
        'import User from "@ant-design/icons/es/icons/UserOutlined";',
        'import CloseOutlined from "@ant-design/icons/es/icons/CloseOutlined";',
        "const x = 1;",
      ].join("\n"),
    );
    const other = 'import { HomeOutlined, createFromIconfontCN } from "@ant-design/icons";';
    expect(deepIconImports(other, "/app/src/a.tsx")).toBeNull();
    expect(deepIconImports('import { HomeOutlined } from "@ant-design/icons";', "/app/src/a.css")).toBeNull();
  });

  it("applies to the static barrel imports of pro-layout (under @refinedev/antd's layout)", () => {
    const path = "@ant-design/pro-layout/es/components/GlobalHeader/index.js";
    const code = source(path);
    expect(code).toMatch(/from ['"]@ant-design\/icons['"]/);
    const { result } = transform(antdDeepIcons(), code, modulePath(path));
    expect(result?.code).not.toMatch(/from ['"]@ant-design\/icons['"]/);
    expect(result?.code).toMatch(/from "@ant-design\/icons\/es\/icons\/\w+"/);
  });
});

describe("pro-provider-locales", () => {
  const INTL = "@ant-design/pro-provider/es/intl.js";
  it("pro-provider's intl.js imports every language's texts; after the patch only English, Indonesian and Chinese (its fallback) are read", () => {
    const code = source(INTL);
    const imported = (c: string) => [...new Set([...c.matchAll(/from "\.\/locale\/(\w+)"/g)].map((m) => m[1]))].sort();
    expect(imported(code).length).toBeGreaterThan(30);
    expect(imported(code)).toEqual(expect.arrayContaining(["en_US", "id_ID", "zh_CN"]));
    expect(PRO_INTL.test(modulePath(INTL))).toBe(true);
    const { result } = transform(proProviderLocales(), code, modulePath(INTL));
    expect(result?.code).toBe(englishForOtherLocales(code));
    expect(imported(result!.code)).toEqual(["en_US", "id_ID", "zh_CN"]);
    expect(source("@ant-design/pro-provider/es/index.js")).toContain("return intl || zhCNIntl;");
  });
});

describe("native-resize-observer", () => {
  it("rc-resize-observer imports resize-observer-polyfill, which becomes the browser's ResizeObserver", () => {
    expect(source("rc-resize-observer/es/utils/observerUtil.js")).toContain("import ResizeObserver from 'resize-observer-polyfill';");
    expect(resolveAndLoad(nativeResizeObserver(), "resize-observer-polyfill")).toBe(NATIVE_RESIZE_OBSERVER_MODULE);
  });
});

describe("map-side-channel", () => {
  // Loads a CommonJS module's text.
  const load = (code: string) => {
    const module = { exports: {} as unknown };
    new Function("module", "exports", code)(module, module.exports);
    return module.exports as () => { get(k: object): unknown; set(k: object, v: unknown): void; has(k: object): boolean; delete(k: object): boolean; assert(k: object): void };
  };

  it("qs (Refine's URL sync) requires side-channel, and the Map behaves like it for what qs calls", () => {
    const qs = dirname(require.resolve("qs/package.json"));
    for (const file of ["parse.js", "stringify.js", "utils.js"]) expect(readFileSync(join(qs, "lib", file), "utf8")).toContain("var getSideChannel = require('side-channel');");
    const stub = load(resolveAndLoad(mapSideChannel(), "side-channel"));
    expect(resolveAndLoad(mapSideChannel(), "side-channel")).toBe(MAP_SIDE_CHANNEL_MODULE);
    const real = require("side-channel") as ReturnType<typeof load>;
    for (const make of [stub, real]) {
      const channel = make();
      const key = {};
      expect(channel.has(key)).toBe(false);
      expect(channel.get(key)).toBeUndefined();
      expect(() => channel.assert(key)).toThrow(TypeError);
      channel.set(key, 1);
      expect([channel.has(key), channel.get(key), channel.has({})]).toEqual([true, 1, false]);
      expect(channel.delete(key)).toBe(true);
      expect(channel.has(key)).toBe(false);
    }
  });
});

describe("no-side-effects", () => {
  it("marks each listed package's modules, and only those, as free of side effects", () => {
    for (const name of ["react-markdown", "remark-gfm", "papaparse", "@rc-component/color-picker", "error-stack-parser", "stackframe"]) {
      const path = join(ROOT, "node_modules", name, "package.json");
      expect(existsSync(path), name).toBe(true);
      const { result } = transform(noSideEffects(), "export {}", path.replace(/package\.json$/, "index.js"));
      expect(result?.moduleSideEffects, name).toBe(false);
    }
    expect(SIDE_EFFECT_FREE.test(modulePath("antd/es/index.js"))).toBe(false);
    expect(transform(noSideEffects(), "export {}", modulePath("react-markdownx/index.js")).result).toBeNull();
  });
});

describe("svar-grid-aria", () => {
  const GRID = "@svar-ui/react-grid/dist/index.es.js";
  it("finds each text it replaces once in the installed grid, and the patched module still parses", () => {
    const code = source(GRID);
    for (const [from] of SVAR_GRID_REPLACEMENTS) expect(code.split(from)).toHaveLength(2);
    expect(SVAR_GRID.test(modulePath(GRID))).toBe(true);
    const { result } = transform(svarGridAria(), code, modulePath(GRID));
    expect(result?.code).toBe(patchSvarGrid(code));
    expect(() => parseAst(result!.code)).not.toThrow();
  });

  it("numbers rows from 1 after the header rows by their place in the data, expands rows only in a treegrid, and leaves the resize grip unlabelled", () => {
    const patched = patchSvarGrid(source(GRID));
    // What axe found: rows numbered from 0, aria-expanded on rows of a plain grid, a label on a presentation element.
    expect(patched).not.toContain('"aria-rowindex": w,');
    expect(patched).not.toContain('"aria-expanded": o.open,');
    expect(patched).not.toContain('"aria-label": "Resize column"');
    expect(patched).toContain('"aria-rowindex": (e ? b?.[0]?.header?.length ?? 0 : 0) + ae.start + w + 1,');
    expect(patched).toContain('"aria-expanded": ee ? o.open : void 0,');
  });

  it("fails the build when the grid's code changed", () => {
    expect(() => patchSvarGrid("export const x = 1;")).toThrow(/@svar-ui\/react-grid changed/);
  });
});

describe("rc-select-option-aria", () => {
  const OPTIONS = "rc-select/es/OptionList.js";

  it("rc-select writes aria-selected on its drawn options as the patch expects, and the patch keeps it for lists that are not virtual only", () => {
    const code = source(OPTIONS);
    expect(code.split(DRAWN_OPTION_ARIA)).toHaveLength(2);
    const { result, warn } = transform(rcSelectOptionAria(), code, modulePath(OPTIONS));
    expect(warn).not.toHaveBeenCalled();
    expect(OPTION_LIST.test(modulePath(OPTIONS))).toBe(true);
    expect(result?.code).toBe(drawnOptionsWithoutAriaSelected(code));
    expect(result?.code).not.toContain(DRAWN_OPTION_ARIA);
    expect(result?.code).toContain('"aria-selected": virtual ? undefined : isAriaSelected(value),');
    // The hidden listbox's options keep theirs.
    expect(result?.code).toContain('getItemAriaProps(item, index), {\n      "aria-selected": isAriaSelected(value)\n    })');
  });

  it("warns when rc-select no longer writes the attribute that way", () => {
    const { warn } = transform(rcSelectOptionAria(), "export default function OptionList() {}", modulePath(OPTIONS));
    expect(warn).toHaveBeenCalledOnce();
  });
});
