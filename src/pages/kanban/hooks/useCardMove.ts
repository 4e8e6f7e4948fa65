// The optimistic move: the card moves on the board at once, `kanban-card/update/{id}` is sent
// with its status and position (the server shifts the other cards the same way), and when the
// server refuses, the cards go back and a toast says why.
import { useUpdate, useTranslate, type HttpError } from "@refinedev/core";
import { useCallback } from "react";
import { toastError } from "../../../lazy/toasts";
import { moveCard, revertMove, type CardStatus } from "../model/cardMove";
import { useKanbanStore } from "../store/kanbanStore";

export function useCardMove() {
  const t = useTranslate();
  const { mutateAsync } = useUpdate();
  return useCallback(
    async (cardId: number, status: CardStatus, index: number): Promise<boolean> => {
      const move = moveCard(useKanbanStore.getState().cards, cardId, status, index);
      if (!move) return false;
      useKanbanStore.getState().setCards(() => move.cards);
      const placed = move.updates[0]!;
      try {
        await mutateAsync({
          resource: "kanban-card",
          id: cardId,
          values: { status: placed.status, position: placed.position },
          mutationMode: "pessimistic",
          successNotification: false,
          errorNotification: false,
          // The board is already as the server will have it: nothing to refetch.
          invalidates: [],
        });
        return true;
      } catch (e) {
        useKanbanStore.getState().setCards((cards) => revertMove(cards, move));
        const reason = (e as HttpError | undefined)?.message;
        void toastError(reason ? t("kanban.moveRefused", { reason }) : t("kanban.moveFailed"), `kanban-move-${cardId}`);
        return false;
      }
    },
    [mutateAsync, t],
  );
}
