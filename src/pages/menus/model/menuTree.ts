// The platform's menu tree as one ordered list for dragging (the sider's two levels: sections and
// the menus under them). A drop reorders the list; a menu's section is then the section line
// above it (dropped among another section's menus, it moves under that section); a section moves
// with its menus. What changed becomes updates of `parent_id` and `order` (order = position
// among its siblings × 10, leaving room for menus added by hand).
import { arrayMove } from "@dnd-kit/sortable";
import type { RowOf } from "../../../../declaration/rows";

/** A menu record as the menu list answers it. */
export type TreeMenu = Pick<RowOf<"menu">, "id" | "name" | "alias" | "url" | "icon" | "order" | "parent_id">;

export interface Line extends TreeMenu {
  section: boolean;
}

/** The menus in sider order: each section (a root) followed by its menus, by order then id. */
export function linesOf(menus: TreeMenu[]): Line[] {
  const byOrder = (a: TreeMenu, b: TreeMenu) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id;
  const ids = new Set(menus.map((m) => m.id));
  const roots = menus.filter((m) => m.parent_id === null || !ids.has(m.parent_id)).sort(byOrder);
  const out: Line[] = [];
  for (const r of roots) {
    const children = menus.filter((m) => m.parent_id === r.id).sort(byOrder);
    out.push({ ...r, parent_id: null, section: children.length > 0 || r.url === null });
    for (const c of children) out.push({ ...c, section: false });
  }
  return out;
}

/** The list after dragging `activeId` onto `overId`'s place. */
export function moveLine(lines: Line[], activeId: number, overId: number): Line[] {
  const from = lines.findIndex((l) => l.id === activeId);
  const to = lines.findIndex((l) => l.id === overId);
  if (from < 0 || to < 0 || from === to) return lines;
  const active = lines[from]!;
  if (!active.section) return withParents(arrayMove(lines, from, to));
  // A section moves with its menus, as a block, before or after the section it is dropped on.
  const blockOf = (i: number) => {
    let end = i + 1;
    while (end < lines.length && !lines[end]!.section) end++;
    return end;
  };
  const end = blockOf(from);
  const block = lines.slice(from, end);
  const rest = [...lines.slice(0, from), ...lines.slice(end)];
  let target = rest.findIndex((l) => l.id === overId);
  if (target < 0) return lines;
  while (target > 0 && !rest[target]!.section) target--; // onto a section's start
  const insertAt = to > from ? rest.findIndex((l, i) => i > target && l.section) : target;
  const at = to > from ? (insertAt < 0 ? rest.length : insertAt) : target;
  return withParents([...rest.slice(0, at), ...block, ...rest.slice(at)]);
}

/** Each menu under the section line above it (none above: a root). */
function withParents(lines: Line[]): Line[] {
  let section: number | null = null;
  return lines.map((l) => {
    if (l.section) {
      section = l.id;
      return { ...l, parent_id: null };
    }
    return { ...l, parent_id: section };
  });
}

/**
 * Updates for a reordered list: among the siblings of each parent whose sequence changed, every
 * menu gets order = position × 10; those whose parent or order differs from before are sent.
 */
export function placeChanges(before: TreeMenu[], lines: Line[]): Array<{ id: number; parent_id: number | null; order: number }> {
  const siblings = (ls: Array<{ id: number; parent_id: number | null }>) => {
    const m = new Map<number | null, number[]>();
    for (const l of ls) m.set(l.parent_id, [...(m.get(l.parent_id) ?? []), l.id]);
    return m;
  };
  const was = siblings(linesOf(before));
  const now = siblings(lines);
  const old = new Map(before.map((m) => [m.id, m]));
  const out: Array<{ id: number; parent_id: number | null; order: number }> = [];
  for (const [parent, ids] of now) {
    if ((was.get(parent) ?? []).join(",") === ids.join(",")) continue;
    ids.forEach((id, i) => {
      const order = (i + 1) * 10;
      const m = old.get(id);
      if (!m || m.parent_id !== parent || m.order !== order) out.push({ id, parent_id: parent, order });
    });
  }
  return out;
}
