// The board's columns and cards from kanban-card/get-data into the store, again whenever the answer changes
// (a refetch after a card is saved or added); emptied when the board changes or closes.
import { useEffect } from "react";
import { useOperation } from "../../../providers/operations";
import { useKanbanStore, type KanbanCard } from "../store/kanbanStore";

export function useBoardCards(boardId: number | null) {
  const { data, query } = useOperation("kanban-card", "getData", { query: { kanban_board_id: boardId ?? undefined }, enabled: boardId !== null });
  const load = useKanbanStore((s) => s.load);
  const reset = useKanbanStore((s) => s.reset);
  useEffect(() => {
    if (boardId !== null && data)
      load(
        boardId,
        data.map((column) => column.status),
        data.flatMap((column) => column.cards as unknown as KanbanCard[]),
      );
  }, [boardId, data, load]);
  // Another board (or none): its cards are not shown until they have come.
  useEffect(() => reset, [boardId, reset]);
  /** The store holds this board's cards. */
  const shown = useKanbanStore((s) => boardId !== null && s.boardId === boardId);
  return { shown, refetch: query.refetch };
}
