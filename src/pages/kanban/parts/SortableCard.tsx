// A card the user can drag (mouse, touch, keyboard) by its handle; while it is dragged, its place
// in the column stays as a faded copy and the drag overlay follows the pointer.
import { useSortable } from "@dnd-kit/sortable";
import { useTranslate } from "@refinedev/core";
import { CSS } from "@dnd-kit/utilities";
import { cardDndId } from "../model/dropTarget";
import { useKanbanStore, type KanbanCard } from "../store/kanbanStore";
import { CardFace } from "./CardFace";

export function SortableCard({ card }: { card: KanbanCard }) {
  const t = useTranslate();
  // dnd-kit calls the handle a "sortable" (aria-roledescription) unless told otherwise: in the user's language.
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: cardDndId(card.id),
    attributes: { roleDescription: t("kanban.card.roleDescription") },
  });
  const openDrawer = useKanbanStore((s) => s.openDrawer);
  return (
    <li ref={setNodeRef} style={{ listStyle: "none", transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}>
      <CardFace card={card} onOpen={() => openDrawer({ mode: "edit", cardId: card.id })} handleRef={setActivatorNodeRef} handleProps={{ ...attributes, ...listeners }} />
    </li>
  );
}
