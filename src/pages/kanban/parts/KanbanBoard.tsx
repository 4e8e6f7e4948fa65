// The board: a column per status with its cards, drag and drop by mouse, touch and keyboard
// (dnd-kit; a card is picked up, moved and dropped with space and the arrow keys, announced to
// screen readers), each drop applied at once and sent to the server (useCardMove).
import { closestCorners, DndContext, DragOverlay, KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useState } from "react";
import { columnCards } from "../model/cardMove";
import { dropTarget, parseDndId } from "../model/dropTarget";
import { useAnnouncements } from "../hooks/useAnnouncements";
import { useCardMove } from "../hooks/useCardMove";
import { useKanbanStore } from "../store/kanbanStore";
import { CardFace } from "./CardFace";
import { KanbanColumn } from "./KanbanColumn";

export function KanbanBoard({ canAdd }: { canAdd: boolean }) {
  const cards = useKanbanStore((s) => s.cards);
  const columns = useKanbanStore((s) => s.columns);
  const move = useCardMove();
  const accessibility = useAnnouncements();
  const [activeId, setActiveId] = useState<number | null>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle is still a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    const target = parseDndId(active.id);
    setActiveId(target?.kind === "card" ? target.id : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const dragged = parseDndId(active.id);
    const onto = over ? parseDndId(over.id) : null;
    if (dragged?.kind !== "card" || !onto || !over) return;
    const rect = active.rect.current.translated;
    const below = !!rect && rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2;
    const to = dropTarget(useKanbanStore.getState().cards, dragged.id, onto, below);
    if (to) void move(dragged.id, to.status, to.index);
  };

  const active = activeId === null ? undefined : cards.find((c) => c.id === activeId);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={accessibility}
    >
      <div style={{ display: "flex", gap: 12, overflowX: "auto", alignItems: "stretch", paddingBottom: 8 }}>
        {columns.map((status) => (
          <KanbanColumn key={status} status={status} cards={columnCards(cards, status)} canAdd={canAdd} />
        ))}
      </div>
      {/* Above antd's sider and header (z-index up to 999). */}
      <DragOverlay zIndex={1100}>{active ? <CardFace card={active} overlay /> : null}</DragOverlay>
    </DndContext>
  );
}
