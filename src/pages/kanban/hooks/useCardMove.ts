// The optimistic move: the card moves on the board at once, `kanban-card/update/{id}` is sent
// with its status and position (api/kanbanCalls.ts; the server shifts the other cards the same
// way), and when the server refuses, the cards go back and the failure is said as the generated
// screens say theirs (useNotify).
import { useCallback } from "react";
import { useNotify } from "../../../crud/useNotify";
import { moveCardTo } from "../api/kanbanCalls";
import { moveCard, revertMove, type CardStatus } from "../model/cardMove";
import { useKanbanStore } from "../store/kanbanStore";

export function useCardMove() {
  const notify = useNotify();
  return useCallback(
    async (cardId: number, status: CardStatus, index: number): Promise<boolean> => {
      const move = moveCard(useKanbanStore.getState().cards, cardId, status, index);
      if (!move) return false;
      useKanbanStore.getState().setCards(() => move.cards);
      const placed = move.updates[0]!;
      try {
        // The board is already as the server will have it: nothing to refetch.
        await moveCardTo(cardId, placed.status, placed.position);
        return true;
      } catch (e) {
        useKanbanStore.getState().setCards((cards) => revertMove(cards, move));
        notify.failed("saveFailed", e);
        return false;
      }
    },
    [notify],
  );
}
