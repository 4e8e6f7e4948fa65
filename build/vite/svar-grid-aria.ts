// The Gantt's task grid (@svar-ui/react-grid 2.7, under @svar-ui/react-gantt) writes ARIA that
// screen readers and axe reject; its rendering is patched here, where it is written:
// - rows are numbered from 0 among the rows drawn (`aria-rowindex="0"` is invalid, and virtual
//   scrolling renumbers them as it scrolls): rows count from 1, header rows first, by their place
//   in the whole data, and `aria-rowcount` is every row, not only those drawn;
// - `aria-expanded` on a row is allowed only in a treegrid: the grid gives it only in tree mode
//   (the Gantt's grid is a flat grid of its tree);
// - a column's resize grip has `role="presentation"` with an `aria-label` (prohibited, and
//   English): the grip is a mouse affordance, hidden from assistive technology as it says.
// Each replacement must find its text: the build fails when an upgrade changes it
// (tests/unit/vite-patches.test.ts reads the installed module).
import type { Plugin } from "vite";

export const SVAR_GRID = /[\\/]@svar-ui[\\/]react-grid[\\/]dist[\\/]index\.es\.js$/;

/** [what the module says, what it says after the patch]. Names are the module's minified ones. */
export const SVAR_GRID_REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  // Header rows (`r` is "header" or "footer", `m` the row's index): 1, 2, ... before the data rows.
  ['role: "row",\n          children: l.map((b) => {', 'role: "row",\n          "aria-rowindex": r === "header" ? m + 1 : void 0,\n          children: l.map((b) => {'],
  // The table: every row (`e` header shown, `b` the columns with their header rows, `g` the flat
  // data, `m` dynamic loading with its own row count).
  ['"aria-rowcount": fe.length,', '"aria-rowcount": (e ? b?.[0]?.header?.length ?? 0 : 0) + (m ? m.rowCount : (g || []).length),'],
  // A data row (`w` its index among the rows drawn from `ae.start`, `ee` tree mode).
  [
    '"aria-rowindex": w,\n                                  "aria-expanded": o.open,',
    '"aria-rowindex": (e ? b?.[0]?.header?.length ?? 0 : 0) + ae.start + w + 1,\n                                  "aria-expanded": ee ? o.open : void 0,',
  ],
  ['role: "presentation",\n            "aria-label": "Resize column",', 'role: "presentation",'],
];

/** The module with every replacement made; throws naming the first text it no longer finds. */
export function patchSvarGrid(code: string): string {
  let out = code;
  for (const [from, to] of SVAR_GRID_REPLACEMENTS) {
    const at = out.indexOf(from);
    if (at < 0 || out.indexOf(from, at + 1) >= 0) throw new Error(`@svar-ui/react-grid changed: "${from.split("\n")[0]}" is not found once (build/vite/svar-grid-aria.ts)`);
    out = out.slice(0, at) + to + out.slice(at + from.length);
  }
  return out;
}

export function svarGridAria(): Plugin {
  return {
    name: "svar-grid-aria",
    enforce: "pre",
    transform: { filter: { id: SVAR_GRID }, handler: (code) => ({ code: patchSvarGrid(code), map: null }) },
  };
}
