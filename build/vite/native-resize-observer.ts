// resize-observer-polyfill (antd's rc-resize-observer) becomes the browser's own ResizeObserver,
// which every browser we target has.
import type { Plugin } from "vite";

const ID = "\0native-resize-observer";
export const NATIVE_RESIZE_OBSERVER_MODULE = "export default globalThis.ResizeObserver;";

export function nativeResizeObserver(): Plugin {
  return {
    name: "native-resize-observer",
    enforce: "pre", // before Vite's resolver
    resolveId: { filter: { id: /^resize-observer-polyfill$/ }, handler: () => ID },
    load: { filter: { id: /^\0native-resize-observer$/ }, handler: () => NATIVE_RESIZE_OBSERVER_MODULE },
  };
}
