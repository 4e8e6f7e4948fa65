// kanban-card GET get-data?kanban_board_id=: the board's cards as columns, one per declared
// status (KANBAN_CARD_STATUSES, in that order), every status present even when empty, cards by
// position then id: `[{ status, cards: [card records with F_labels] }]`.
// The board must be the actor's company's (404); the parameter is required (400).
import { KANBAN_CARD_STATUSES, resourceByName } from "../../declaration";
import { eq, whereAll } from "../db/conditions";
import { badRequest, notFound } from "../http/errors";
import type { RecordStore, Row } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import { byBoardOrder, closeGaps, placeInColumn, type OrderedCard } from "../records/kanban-order";

const BOARD = resourceByName("kanban-board");
const CARD = resourceByName("kanban-card");
const CARD_STATUSES: readonly string[] = KANBAN_CARD_STATUSES;

registerCustom("kanban-card", "getData", async (ctx) => {
  const raw = ctx.query.kanban_board_id;
  if (raw === undefined || raw === "" || Array.isArray(raw)) throw badRequest({ kanban_board_id: { key: "required" } });
  const board = await ctx.store.findOne(BOARD, ctx.store.matchParams(BOARD, { id: raw }));
  if (!board) throw notFound();
  const rows = await ctx.store.rows(CARD, [eq("kanban_board_id", Number(board.id))], {
    orders: [
      { column: "position", direction: "asc" },
      { column: "id", direction: "asc" },
    ],
  });
  const cards = await ctx.store.present(CARD, rows);
  const columns = CARD_STATUSES.map((status) => ({ status, cards: cards.filter((c) => c.status === status) }));
  // A status no longer declared (data from an older declaration) still shows, after the others.
  const extra = [...new Set(cards.map((c) => String(c.status)))].filter((s) => !CARD_STATUSES.includes(s));
  for (const status of extra) columns.push({ status, cards: cards.filter((c) => c.status === status) });
  return columns;
});

// kanban-card add (beyond the spec: users add cards on the board) and update/{id}: the card is
// written as the generic operations would, then its column is renumbered 0, 1, 2... with the
// card at the `position` asked for (clamped; add without one: the bottom; update that changes
// the column without one: the bottom), the other cards shifting, and the column it left closes
// its gap, all in one transaction: positions stay dense and unique per column, so a move sent
// as one request is the whole move.
const placingKeys = ["status", "position", "kanban_board_id"] as const;

async function placeCard(store: RecordStore, before: Row | null, id: number, askedIndex: number | null): Promise<void> {
  const table = store.tableOf(CARD);
  const [card] = await store.rows(CARD, [eq("id", id)]);
  const column = async (boardId: unknown, status: unknown) =>
    (await store.rows(CARD, [eq("kanban_board_id", boardId), eq("status", status)])).map((r) => ({ id: Number(r.id), position: Number(r.position ?? 0) }));
  const write = async (positions: Map<number, number>, current: readonly OrderedCard[]) => {
    const was = new Map(current.map((c) => [c.id, c.position]));
    for (const [cardId, position] of positions) {
      if (was.get(cardId) === position) continue;
      await whereAll(store.db.updateTable(table).set({ position }), [eq("id", cardId), ...store.scope(CARD)]).execute();
    }
  };
  const target = await column(card.kanban_board_id, card.status);
  const sameColumn = !!before && before.kanban_board_id === card.kanban_board_id && before.status === card.status;
  // The card's own stored position is not where it stands: it sorts among the others by the index asked.
  const others = target.filter((c) => c.id !== id);
  const index = askedIndex ?? (sameColumn ? others.filter((c) => byBoardOrder(c, { id, position: Number(before!.position ?? 0) }) < 0).length : null);
  await write(placeInColumn(others, id, index), target);
  if (before && !sameColumn) {
    const left = await column(before.kanban_board_id, before.status);
    await write(closeGaps(left), left);
  }
}

const askedPosition = (body: unknown): number | null => {
  const v = body && typeof body === "object" ? (body as Record<string, unknown>).position : undefined;
  return typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : null;
};

registerCustom("kanban-card", "add", async (ctx) =>
  ctx.db.transaction().execute(async (trx) => {
    const store = ctx.store.withDb(trx);
    const created = await store.create(CARD, ctx.body);
    await placeCard(store, null, Number(created.id), askedPosition(ctx.body));
    return store.getById(CARD, Number(created.id));
  }),
);

registerCustom("kanban-card", "update", async (ctx) =>
  ctx.db.transaction().execute(async (trx) => {
    const store = ctx.store.withDb(trx);
    const conds = store.matchParams(CARD, ctx.params);
    const [before] = await store.rows(CARD, conds, { limit: 1 });
    if (!before) throw notFound();
    const updated = await store.update(CARD, conds, ctx.body);
    const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Record<string, unknown>;
    if (!placingKeys.some((k) => k in body)) return updated;
    await placeCard(store, before, Number(updated.id), askedPosition(body));
    return store.getById(CARD, Number(updated.id));
  }),
);
