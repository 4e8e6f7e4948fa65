// side-channel (qs, under Refine's URL sync) becomes a Map: the original adds object-inspect and
// get-intrinsic (about 8 KB gzipped) for old engines and one error message.
import type { Plugin } from "vite";

const ID = "\0map-side-channel";
/** CommonJS, like the module it stands for (qs requires it). */
export const MAP_SIDE_CHANNEL_MODULE = [
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
].join("\n");

export function mapSideChannel(): Plugin {
  return {
    name: "map-side-channel",
    enforce: "pre",
    resolveId: { filter: { id: /^side-channel$/ }, handler: () => ID },
    load: { filter: { id: /^\0map-side-channel$/ }, handler: () => MAP_SIDE_CHANNEL_MODULE },
  };
}
