// A card the user can drag (mouse, touch, keyboard) by its handle; while it is dragged, its place
// in the column stays as a faded copy and the drag overlay follows the pointer.
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { cardDndId } from "../model/dropTarget";
import { useKanbanStore, type KanbanCard } from "../store/kanbanStore";
import { CardFace } from "./CardFace";

export function SortableCard({ card }: { card: KanbanCard }) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: cardDndId(card.id) });
  const openDrawer = useKanbanStore((s) => s.openDrawer);
  return (
    <li ref={setNodeRef} style={{ listStyle: "none", transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}>
      <CardFace card={card} onOpen={() => openDrawer({ mode: "edit", cardId: card.id })} handleRef={setActivatorNodeRef} handleProps={{ ...attributes, ...listeners }} />
    </li>
  );
}
