// `import { XOutlined } from "@ant-design/icons"` becomes a deep import of that one icon. The
// barrel stays reachable only through dynamic imports (the icon picker's "all icons" chunk); one
// static barrel import (pro-layout, @refinedev/antd) would pull every icon into its chunk.
import type { Plugin } from "vite";

const ICONS = /import\s+(?:([\w$]+)\s*,\s*)?(?:([\w$]+)|\{([^}]*)\})\s+from\s*(["'])@ant-design\/icons\4;?/g;
const SCRIPT = /\.(m?[jt]sx?)$/;

/** Where one icon lives in @ant-design/icons (null: not an icon name). */
export const ICON_PATH = (name: string): string | null => (/^[A-Z]\w*(Outlined|Filled|TwoTone)$/.test(name) ? `@ant-design/icons/es/icons/${name}` : null);
/** Where the barrel's default export (the Icon component) lives. */
export const ICON_COMPONENT_PATH = "@ant-design/icons/es/components/Icon";

const rewrite = (whole: string, defA?: string, defB?: string, named?: string): string => {
  const out: string[] = [];
  const def = defA ?? defB;
  if (def) out.push(`import ${def} from "${ICON_COMPONENT_PATH}";`);
  for (const spec of (named ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [imported, local = imported] = spec.split(/\s+as\s+/).map((x) => x.trim());
    const path = ICON_PATH(imported);
    if (!path) return whole; // something other than an icon: leave the statement as it is
    out.push(`import ${local} from "${path}";`);
  }
  return out.join("\n");
};

/** A module's source with its static imports of the icon barrel made deep (null: nothing to do). */
export function deepIconImports(code: string, id: string): string | null {
  if (!SCRIPT.test(id.split("?")[0]) || !code.includes("@ant-design/icons")) return null;
  const next = code.replace(ICONS, (whole, a, b, c) => rewrite(whole, a, b, c));
  return next === code ? null : next;
}

export function antdDeepIcons(): Plugin {
  return {
    name: "antd-deep-icons",
    enforce: "pre",
    transform: {
      filter: { code: "@ant-design/icons" },
      handler(code, id) {
        const next = deepIconImports(code, id);
        return next === null ? null : { code: next, map: null };
      },
    },
  };
}
