// The board's optimistic move: where a dropped card lands, which cards' status and position to
// send, and how to put them back when the server refuses.
import { KANBAN_CARD_STATUSES } from "../../../../declaration";

/** A card's status: one the declaration lists, or one the server answers beyond them (a column too). */
export type CardStatus = string;
/** The board's columns, left to right, as the declaration lists them. */
export const CARD_STATUSES: readonly CardStatus[] = KANBAN_CARD_STATUSES;

/** The board's columns for the statuses get-data answered: the declared ones first, in their order, then any other the server knows, in its order. */
export function boardColumns(answered: readonly CardStatus[]): CardStatus[] {
  return [...new Set([...CARD_STATUSES, ...answered])];
}

/** The fields of a `kanban-card` the board orders by (other fields ride along untouched). */
export interface BoardCard {
  id: number;
  status: CardStatus;
  position: number;
}

/** What `kanban-card/update/{id}` receives for one card. */
export interface CardPlacement {
  id: number;
  status: CardStatus;
  position: number;
}

export interface CardMove<C extends BoardCard> {
  /** The board after the move, to show at once. */
  cards: C[];
  /** Every card whose status or position changed, the moved card first: one update each. */
  updates: CardPlacement[];
  /** The same cards as they were, to restore with `revertMove` if the server refuses. */
  previous: CardPlacement[];
}

const byPosition = (a: BoardCard, b: BoardCard) => a.position - b.position || a.id - b.id;

/** A column's cards in board order. */
export function columnCards<C extends BoardCard>(cards: readonly C[], status: CardStatus): C[] {
  return cards.filter((c) => c.status === status).sort(byPosition);
}

/**
 * Moves a card to a column at an index of that column as it will read after the move (0 is the
 * top; past the end is the bottom; within its own column this is dnd-kit's arrayMove). Both
 * columns are renumbered 0, 1, 2...: positions stay dense whatever the server held. Null when the
 * card is unknown or nothing changes.
 */
export function moveCard<C extends BoardCard>(cards: readonly C[], cardId: number, toStatus: CardStatus, toIndex: number): CardMove<C> | null {
  const card = cards.find((c) => c.id === cardId);
  if (!card) return null;
  const source = columnCards(cards, card.status).filter((c) => c.id !== cardId);
  const target = toStatus === card.status ? source : columnCards(cards, toStatus);
  const at = Math.max(0, Math.min(Number.isFinite(toIndex) ? Math.trunc(toIndex) : target.length, target.length));
  target.splice(at, 0, card);

  const placed = new Map<number, CardPlacement>();
  const place = (column: C[], status: CardStatus) => column.forEach((c, position) => placed.set(c.id, { id: c.id, status, position }));
  place(source, card.status);
  place(target, toStatus);

  // The moved card first, then the others in board order.
  const touched = [card, ...cards.filter((c) => c.id !== cardId)].filter((c) => {
    const p = placed.get(c.id);
    return !!p && (p.status !== c.status || p.position !== c.position);
  });
  if (!touched.length) return null;
  const updates = touched.map((c) => placed.get(c.id)!);
  const previous = touched.map((c): CardPlacement => ({ id: c.id, status: c.status, position: c.position }));
  return { cards: applyPlacements(cards, updates), updates, previous };
}

/** The board with some cards placed anew (the rest untouched). */
export function applyPlacements<C extends BoardCard>(cards: readonly C[], placements: readonly CardPlacement[]): C[] {
  const byId = new Map(placements.map((p) => [p.id, p]));
  return cards.map((c) => {
    const p = byId.get(c.id);
    return p ? { ...c, status: p.status, position: p.position } : c;
  });
}

/**
 * Undoes a refused move on the board as it is now: the cards it touched go back to where they
 * were; moves made since on other cards stay.
 */
export function revertMove<C extends BoardCard>(cards: readonly C[], move: Pick<CardMove<C>, "previous">): C[] {
  return applyPlacements(cards, move.previous);
}
