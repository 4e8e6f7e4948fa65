// Where a card lands in a kanban column: the column's other cards in board order, the card put
// at the wanted index (clamped; none = the bottom), everything numbered 0, 1, 2... again. Shared
// by the server's kanban-card add/update and the web tests' mock, so both keep positions dense.

export interface OrderedCard {
  id: number;
  position: number;
}

/** Board order: position, then id (as get-data answers). */
export const byBoardOrder = (a: OrderedCard, b: OrderedCard) => a.position - b.position || a.id - b.id;

/**
 * The new position of every card of the column (the placed card included), given the column's
 * other cards (any order) and the index the placed card asks for.
 */
export function placeInColumn(others: readonly OrderedCard[], placedId: number, index: number | null): Map<number, number> {
  const column = others.filter((c) => c.id !== placedId).sort(byBoardOrder);
  const at = index === null ? column.length : Math.max(0, Math.min(Math.trunc(index), column.length));
  const ids = column.map((c) => c.id);
  ids.splice(at, 0, placedId);
  return new Map(ids.map((id, position) => [id, position]));
}

/** A column's cards numbered densely in board order (what stays behind when a card leaves it). */
export function closeGaps(column: readonly OrderedCard[]): Map<number, number> {
  return new Map([...column].sort(byBoardOrder).map((c, position) => [c.id, position]));
}
