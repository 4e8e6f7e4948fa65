// The mock's kanban-card: get-data's columns and the renumbering add/update do on the server
// (server/custom/kanban.ts), with the server's own placement rules (server/records/kanban-order.ts).
import { KANBAN_CARD_STATUSES } from "../../declaration";
import { byBoardOrder, closeGaps, placeInColumn } from "../../server/records/kanban-order";
import { badRequest, notFound } from "../../server/http/errors";
import type { MockDb, Row } from "./db";

const STATUSES: readonly string[] = KANBAN_CARD_STATUSES;
const ordered = (c: Row) => ({ id: Number(c.id), position: Number(c.position ?? 0) });

/** GET kanban-card/get-data?kanban_board_id=: a column per status, cards in board order. */
export function kanbanColumns(db: MockDb, query: Record<string, string>, answer: (row: Row) => Row): Array<{ status: string; cards: Row[] }> {
  const raw = query.kanban_board_id;
  if (!raw) throw badRequest({ kanban_board_id: { key: "required" } });
  const board = db.rows("kanban-board").find((b) => String(b.id) === raw && (b.company_id === undefined || b.company_id === db.companyId));
  if (!board) throw notFound();
  const cards = db
    .rows("kanban-card")
    .filter((c) => c.kanban_board_id === board.id)
    .sort((a, b) => byBoardOrder(ordered(a), ordered(b)));
  return STATUSES.map((status) => ({ status, cards: cards.filter((c) => c.status === status).map(answer) }));
}

/** After an add (before = null) or an update: the card at the index asked, its old column closed up. */
export function placeKanbanCard(db: MockDb, before: Row | null, card: Row, body: unknown): void {
  const asked = body && typeof body === "object" ? (body as Row).position : undefined;
  if (before && !["status", "position", "kanban_board_id"].some((k) => body && typeof body === "object" && k in body)) return;
  const column = (boardId: unknown, status: unknown) => db.rows("kanban-card").filter((c) => c.kanban_board_id === boardId && c.status === status);
  const apply = (positions: Map<number, number>) =>
    column(card.kanban_board_id, card.status)
      .concat(before ? column(before.kanban_board_id, before.status) : [])
      .forEach((c) => positions.has(Number(c.id)) && (c.position = positions.get(Number(c.id))));
  const others = column(card.kanban_board_id, card.status)
    .filter((c) => c.id !== card.id)
    .map(ordered);
  const same = !!before && before.kanban_board_id === card.kanban_board_id && before.status === card.status;
  const index = typeof asked === "number" ? asked : same ? others.filter((c) => byBoardOrder(c, ordered(before!)) < 0).length : null;
  apply(placeInColumn(others, Number(card.id), index));
  if (before && !same)
    apply(
      closeGaps(
        column(before.kanban_board_id, before.status)
          .filter((c) => c.id !== card.id)
          .map(ordered),
      ),
    );
}
