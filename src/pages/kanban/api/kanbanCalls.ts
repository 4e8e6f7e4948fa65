// The kanban page's writes: a card added or edited from its drawer, a card moved on the board,
// a board added or renamed. Through the data provider (the declared kanban-card and kanban-board
// operations); they answer the record or throw the HttpError (with the answer's `key`): the
// caller shows failures through useNotify, as the generated screens do.
import type { BaseRecord } from "@refinedev/core";
import { dataProvider } from "../../../providers/dataProvider";

type Values = Record<string, unknown>;

/** kanban-card/add (beyond the spec) on the board, or kanban-card/update/{id}. */
export const saveCard = async (card: { id: number } | { boardId: number }, values: Values): Promise<BaseRecord> =>
  "id" in card
    ? (await dataProvider.update({ resource: "kanban-card", id: card.id, variables: values })).data
    : (await dataProvider.create({ resource: "kanban-card", variables: { ...values, kanban_board_id: card.boardId } })).data;

/** A card's new place: kanban-card/update/{id} with its status and position (the server shifts the others). */
export const moveCardTo = async (cardId: number, status: string, position: number): Promise<void> => {
  await dataProvider.update({ resource: "kanban-card", id: cardId, variables: { status, position } });
};

/** kanban-board add in the project, or update/{id}: the board's id. */
export const saveBoard = async (board: { id: number | string } | { projectId: number }, values: Values): Promise<number> => {
  if ("id" in board) {
    const res = await dataProvider.update({ resource: "kanban-board", id: board.id, variables: values });
    return Number(res.data.id ?? board.id);
  }
  return Number((await dataProvider.create({ resource: "kanban-board", variables: { ...values, project_id: board.projectId } })).data.id);
};
