// Packages declared free of side effects, so tree-shaking drops them wherever their exports are
// unused: react-markdown and remark-gfm (imported by @refinedev/antd's MarkdownField, with the
// markdown parsers), papaparse (@refinedev/core's import/export hooks), @rc-component/color-picker
// (its index re-exports the picker next to the Color class that antd-button-is-bright.ts needs),
// error-stack-parser and stackframe.
import type { Plugin } from "vite";

export const SIDE_EFFECT_FREE_PACKAGES = ["react-markdown", "remark-gfm", "papaparse", "@rc-component/color-picker", "error-stack-parser", "stackframe"] as const;

/** A module id inside one of those packages. */
export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](react-markdown|remark-gfm|papaparse|@rc-component[\\/]color-picker|error-stack-parser|stackframe)[\\/]/;

export function noSideEffects(): Plugin {
  return {
    name: "no-side-effects",
    enforce: "pre",
    transform: {
      filter: { id: SIDE_EFFECT_FREE },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  };
}
