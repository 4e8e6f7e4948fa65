// dnd-kit's drop → the column and the index there (as the column reads after the move), for
// moveCard. Droppable ids: "card-<id>" for cards, "column-<status>" for a column's empty area.
import { columnCards, type BoardCard, type CardStatus } from "./cardMove";

export const cardDndId = (id: number) => `card-${id}`;
export const columnDndId = (status: CardStatus) => `column-${status}`;

export type DndTarget = { kind: "card"; id: number } | { kind: "column"; status: CardStatus };

export function parseDndId(id: string | number): DndTarget | null {
  const s = String(id);
  if (s.startsWith("card-")) return { kind: "card", id: Number(s.slice(5)) };
  // Any status the board has a column for (the server's too): the column's id says which.
  if (s.startsWith("column-") && s.length > 7) return { kind: "column", status: s.slice(7) };
  return null;
}

/**
 * Where the dragged card lands. Over a card of its own column: that card's index (dnd-kit's
 * arrayMove). Over a card of another column: before it, or after it when the dragged card's
 * centre is below the other's (`below`). Over a column's empty area: its bottom.
 */
export function dropTarget(cards: readonly BoardCard[], activeId: number, over: DndTarget, below = false): { status: CardStatus; index: number } | null {
  const active = cards.find((c) => c.id === activeId);
  if (!active) return null;
  if (over.kind === "column") {
    const column = columnCards(cards, over.status).filter((c) => c.id !== activeId);
    return { status: over.status, index: column.length };
  }
  const target = cards.find((c) => c.id === over.id);
  if (!target) return null;
  const column = columnCards(cards, target.status);
  const index = column.findIndex((c) => c.id === target.id);
  if (target.status === active.status) return { status: target.status, index };
  return { status: target.status, index: index + (below ? 1 : 0) };
}
