// The open role's matrix: its lines, the rights as saved and as edited, and the filter. One store:
// the matrix, its toolbar, the preview and the save hook all read it.
import { create } from "zustand";
import type { RoleMenuNode, RoleRight } from "../../../../declaration/answers";
import { cellsOf, linesOf, setMany, type Cell, type Cells, type MatrixLine, type RightColumn } from "../model/matrix";

interface RightsState {
  roleId: number | null;
  lines: MatrixLine[];
  saved: Cells;
  edited: Cells;
  filter: string;
  /** The role's menus as the server answered them (after a load or a save): edits start over. */
  load: (roleId: number, tree: RoleMenuNode[]) => void;
  setCell: (id: number, cell: Cell) => void;
  setMany: (ids: number[], column: RightColumn | "all", on: boolean) => void;
  setFilter: (filter: string) => void;
  /** The rights the server stored (a save's answer): saved, and edits start over from them. */
  stored: (rights: RoleRight[]) => void;
  /** Back to the saved rights. */
  discard: () => void;
}

export const useRightsStore = create<RightsState>()((set) => ({
  roleId: null,
  lines: [],
  saved: {},
  edited: {},
  filter: "",
  load: (roleId, tree) => {
    const cells = cellsOf(tree);
    set({ roleId, lines: linesOf(tree), saved: cells, edited: cells });
  },
  setCell: (id, cell) => set((s) => ({ edited: { ...s.edited, [id]: cell } })),
  setMany: (ids, column, on) => set((s) => ({ edited: setMany(s.edited, ids, column, on) })),
  setFilter: (filter) => set({ filter }),
  stored: (rights) =>
    set((s) => {
      const byMenu = new Map(rights.map((r) => [r.menu_id, r]));
      const cells: Cells = {};
      for (const l of s.lines) {
        const r = byMenu.get(l.id);
        cells[l.id] = r
          ? { read: true, create: r.can_add, update: r.can_edit, delete: r.can_delete, row_scope: r.row_scope }
          : { read: false, create: false, update: false, delete: false, row_scope: null };
      }
      return { saved: cells, edited: cells };
    }),
  discard: () => set((s) => ({ edited: s.saved })),
}));
