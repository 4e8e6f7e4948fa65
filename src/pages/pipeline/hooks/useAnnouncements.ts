// What screen readers hear while a contact's card is dragged (dnd-kit's live region), in the user's language.
import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { dropStage, parseContactDndId, type Contact } from "../model/pipeline";

export function useAnnouncements(contacts: readonly Contact[]): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const { t } = useTranslation();
  return useMemo(() => {
    const name = (id: string | number) => contacts.find((c) => c.id === parseContactDndId(id))?.name ?? "";
    const stage = (overId: string | number) => {
      const s = dropStage(contacts, overId);
      return s ? t(`enums.status.${s}`, s) : "";
    };
    return {
      screenReaderInstructions: { draggable: t("pipeline.announce.instructions") },
      announcements: {
        onDragStart: ({ active }) => t("pipeline.announce.start", { name: name(active.id) }),
        onDragOver: ({ active, over }) =>
          over ? t("pipeline.announce.over", { name: name(active.id), stage: stage(over.id) }) : t("pipeline.announce.outside", { name: name(active.id) }),
        onDragEnd: ({ active, over }) =>
          over ? t("pipeline.announce.end", { name: name(active.id), stage: stage(over.id) }) : t("pipeline.announce.cancel", { name: name(active.id) }),
        onDragCancel: ({ active }) => t("pipeline.announce.cancel", { name: name(active.id) }),
      },
    };
  }, [contacts, t]);
}
