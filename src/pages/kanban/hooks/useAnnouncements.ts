// What screen readers hear while a card is dragged (dnd-kit's live region), in the user's language.
import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { useTranslate } from "@refinedev/core";
import { useMemo } from "react";
import { columnCards } from "../model/cardMove";
import { parseDndId } from "../model/dropTarget";
import { useKanbanStore } from "../store/kanbanStore";

export function useAnnouncements(): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const t = useTranslate();
  return useMemo(() => {
    const cardOf = (id: string | number) => {
      const target = parseDndId(id);
      return target?.kind === "card" ? useKanbanStore.getState().cards.find((c) => c.id === target.id) : undefined;
    };
    const title = (id: string | number) => cardOf(id)?.title ?? "";
    /** "column Review, position 2 of 3" for what the card is over. */
    const place = (overId: string | number) => {
      const target = parseDndId(overId);
      if (!target) return "";
      const cards = useKanbanStore.getState().cards;
      const status = target.kind === "column" ? target.status : cardOf(overId)?.status;
      if (!status) return "";
      const column = columnCards(cards, status);
      const position = target.kind === "column" ? column.length : column.findIndex((c) => c.id === target.id) + 1;
      return t("kanban.announce.place", { column: t(`enums.status.${status}`, status), position: Math.max(position, 1), count: Math.max(column.length, 1) });
    };
    return {
      screenReaderInstructions: { draggable: t("kanban.announce.instructions") },
      announcements: {
        onDragStart: ({ active }) => t("kanban.announce.start", { title: title(active.id) }),
        onDragOver: ({ active, over }) =>
          over ? t("kanban.announce.over", { title: title(active.id), place: place(over.id) }) : t("kanban.announce.outside", { title: title(active.id) }),
        // The board has the move already (dnd-kit calls the page's onDragEnd first): where the card now stands.
        onDragEnd: ({ active, over }) =>
          over ? t("kanban.announce.end", { title: title(active.id), place: place(active.id) }) : t("kanban.announce.cancel", { title: title(active.id) }),
        onDragCancel: ({ active }) => t("kanban.announce.cancel", { title: title(active.id) }),
      },
    };
  }, [t]);
}
