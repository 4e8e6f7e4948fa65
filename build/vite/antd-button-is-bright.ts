// antd's Button styles read one helper (isBright) from the ColorPicker's presets module; that
// module, shared with the form's ColorPicker, pulled the whole picker, Collapse and
// @rc-component/color-picker into the login page's chunks (about 7 KB gzipped). The helper gets
// a module of its own, a copy of antd 5.29's (tests/unit/vite-patches.test.ts compares the two).
import type { Plugin } from "vite";

export const BUTTON_TOKEN = /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/;
/** The statement of antd's button/style/token.js that the patch replaces. */
export const IS_BRIGHT_IMPORT = /import \{ isBright \} from '\.\.\/\.\.\/color-picker\/components\/ColorPresets';/;
const ID = "\0antd-is-bright";
const SPECIFIER = "lean:antd-is-bright";

/** antd 5.29's isBright (es/color-picker/components/ColorPresets.js), for the Button styles. */
export const IS_BRIGHT_MODULE = [
  'import { Color as RcColor } from "@rc-component/color-picker";',
  "export const isBright = (value, bgColorToken) => {",
  "  const { r, g, b, a } = value.toRgb();",
  "  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();",
  "  if (a <= 0.5) return hsv.v > 0.5;",
  "  return r * 0.299 + g * 0.587 + b * 0.114 > 192;",
  "};",
].join("\n");

/** token.js importing isBright from the module of its own (unchanged when the import is not there). */
export const ownIsBright = (code: string): string => code.replace(IS_BRIGHT_IMPORT, `import { isBright } from "${SPECIFIER}";`);

export function antdButtonIsBright(): Plugin {
  return {
    name: "antd-button-is-bright",
    enforce: "pre",
    resolveId: { filter: { id: /^lean:antd-is-bright$/ }, handler: () => ID },
    load: { filter: { id: /^\0antd-is-bright$/ }, handler: () => IS_BRIGHT_MODULE },
    transform: {
      filter: { id: BUTTON_TOKEN },
      handler(code) {
        if (!IS_BRIGHT_IMPORT.test(code))
          this.warn("antd's button/style/token.js no longer imports isBright as expected: the login chunks may grow (build/vite/antd-button-is-bright.ts)");
        return { code: ownIsBright(code), map: null };
      },
    },
  };
}
