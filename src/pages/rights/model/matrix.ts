// The permission matrix as plain data: the role's menus (menu/management/{role_id}) flattened in
// sider order, each cell on or off, and what a save sends (role-menu/replace-byrole/{role_id}).
// Holding a menu is reading it: turning on create, update or delete turns read on; turning read
// off turns the others off. Group menus (the sider's sections) are not cells: a section shows
// when one of its menus does, and their own rows are kept as they were.
import { ALL_RESOURCES, RESOURCE_BY_NAME } from "../../../../declaration";
import type { MenuLine, RoleMenuNode, RoleRight } from "../../../../declaration/answers";
import type { SessionMenu } from "../../../auth/session";

export type RightColumn = "read" | "create" | "update" | "delete";
export const RIGHT_COLUMNS: RightColumn[] = ["read", "create", "update", "delete"];
export type RowScope = NonNullable<RoleRight["row_scope"]>;

export interface Cell {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  row_scope: RowScope | null;
}

/** A line of the matrix: a section (group menu) or a menu under it. */
export interface MatrixLine extends MenuLine {
  depth: number;
  /** A section: has menus below it. */
  group: boolean;
  /** The menu's resources see rows by person/project: the row scope applies. */
  scoped: boolean;
}

/** Cells by menu id. */
export type Cells = Record<number, Cell>;

const EMPTY: Cell = { read: false, create: false, update: false, delete: false, row_scope: null };

/** Whether any resource granted through this menu declares row visibility. */
export const hasRowScope = (alias: string): boolean => ALL_RESOURCES.some((r) => (r.access === alias || r.name === alias) && !!RESOURCE_BY_NAME.get(r.name)?.rowVisibility);

export function linesOf(tree: RoleMenuNode[]): MatrixLine[] {
  const out: MatrixLine[] = [];
  const walk = (nodes: RoleMenuNode[], depth: number) => {
    for (const n of nodes) {
      out.push({
        id: n.id,
        name: n.name,
        alias: n.alias,
        url: n.url,
        icon: n.icon,
        order: n.order,
        parent_id: n.parent_id,
        depth,
        group: n.children.length > 0,
        scoped: hasRowScope(n.alias),
      });
      walk(n.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

export function cellsOf(tree: RoleMenuNode[]): Cells {
  const out: Cells = {};
  const walk = (nodes: RoleMenuNode[]) => {
    for (const n of nodes) {
      out[n.id] = n.assigned ? { read: true, create: n.can_add, update: n.can_edit, delete: n.can_delete, row_scope: n.row_scope } : { ...EMPTY };
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** One cell set to `on`, keeping read consistent with the others. */
export function setCell(cell: Cell = EMPTY, column: RightColumn, on: boolean): Cell {
  if (column === "read") return on ? { ...cell, read: true } : { ...EMPTY };
  return { ...cell, [column]: on, read: on ? true : cell.read };
}

/** Several lines' cells of one column (or all four when column is "all") set to `on`. */
export function setMany(cells: Cells, ids: number[], column: RightColumn | "all", on: boolean): Cells {
  const next = { ...cells };
  for (const id of ids) {
    let c = next[id] ?? EMPTY;
    if (column === "all") c = on ? { ...c, read: true, create: true, update: true, delete: true } : { ...EMPTY };
    else c = setCell(c, column, on);
    next[id] = c;
  }
  return next;
}

export const sameCell = (a: Cell = EMPTY, b: Cell = EMPTY): boolean =>
  a.read === b.read && (!a.read || (a.create === b.create && a.update === b.update && a.delete === b.delete && (a.row_scope ?? null) === (b.row_scope ?? null)));

/** Menu ids whose cell differs from the saved one. */
export function changedIds(saved: Cells, edited: Cells): Set<number> {
  const ids = new Set<number>();
  for (const key of new Set([...Object.keys(saved), ...Object.keys(edited)])) {
    const id = Number(key);
    if (!sameCell(saved[id], edited[id])) ids.add(id);
  }
  return ids;
}

/** The body of replace-byrole: every menu read is held. */
export function rightsOf(edited: Cells): RoleRight[] {
  return Object.entries(edited)
    .filter(([, c]) => c.read)
    .map(([id, c]) => ({ menu_id: Number(id), can_add: c.create, can_edit: c.update, can_delete: c.delete, row_scope: c.row_scope }))
    .sort((a, b) => a.menu_id - b.menu_id);
}

/** The lines a filter keeps: a menu whose name or alias holds the text, with its section; a matching section keeps all its menus. */
export function filterLines(lines: MatrixLine[], text: string, labelOf: (l: MatrixLine) => string): MatrixLine[] {
  const q = text.trim().toLowerCase();
  if (!q) return lines;
  const hit = (l: MatrixLine) => labelOf(l).toLowerCase().includes(q) || l.alias.toLowerCase().includes(q);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const keep = new Set<number>();
  for (const l of lines) {
    if (!hit(l)) continue;
    keep.add(l.id);
    for (let p = l.parent_id; p !== null && byId.has(p) && !keep.has(p); p = byId.get(p)!.parent_id) keep.add(p);
    if (l.group) for (const c of lines) if (c.parent_id === l.id) keep.add(c.id);
  }
  return lines.filter((l) => keep.has(l.id));
}

/** The menus a session of the role would hold with these cells (the login answer's shape, for the preview). */
export function previewMenus(lines: MatrixLine[], edited: Cells): SessionMenu[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const include = new Set<number>();
  for (const l of lines) {
    if (!edited[l.id]?.read) continue;
    for (let id: number | null = l.id; id !== null && byId.has(id) && !include.has(id); id = byId.get(id)!.parent_id) include.add(id);
  }
  return lines
    .filter((l) => include.has(l.id))
    .map((l) => {
      const c = edited[l.id] ?? EMPTY;
      return {
        id: l.id,
        name: l.name,
        alias: l.alias,
        url: l.url,
        icon: l.icon,
        order: l.order,
        parent_id: l.parent_id,
        can_add: c.create,
        can_edit: c.update,
        can_delete: c.delete,
      };
    });
}
