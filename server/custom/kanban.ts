// kanban-card GET get-data?kanban_board_id=: the board's cards as columns, one per status
// option in the declared order (todo, in_progress, review, done), every status present even
// when empty, cards by position then id: `[{ status, cards: [card records with F_labels] }]`.
// The board must be the actor's company's (404); the parameter is required (400).
import { resourceByName } from "../../declaration";
import { eq } from "../db/conditions";
import { badRequest, notFound } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";

const BOARD = resourceByName("kanban-board");
const CARD = resourceByName("kanban-card");
export const CARD_STATUSES: readonly string[] = CARD.fields.find((f) => f.name === "status")!.options!;

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
