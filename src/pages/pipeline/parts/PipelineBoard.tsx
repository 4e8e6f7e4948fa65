// The board: a column per stage, cards dragged by mouse, touch or keyboard (dnd-kit: space picks
// a card up, the arrows move it a column, space drops it; announced to screen readers) or moved
// by their menu; each move applied at once and sent to the server (usePipeline).
import { closestCenter, DndContext, DragOverlay, KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { useMemo, useState } from "react";
import { useAnnouncements } from "../hooks/useAnnouncements";
import { columnKeyboardCoordinates } from "../model/keyboard";
import { demoOf, dropStage, parseContactDndId, stageContacts, stagesOf, type Contact, type DemoRequest } from "../model/pipeline";
import { ContactFace } from "./ContactCard";
import { StageColumn } from "./StageColumn";

export interface PipelineBoardProps {
  contacts: Contact[];
  demos: ReadonlyMap<string, DemoRequest>;
  canMove: boolean;
  move: (id: number, to: string) => Promise<boolean>;
}

export function PipelineBoard({ contacts, demos, canMove, move }: PipelineBoardProps) {
  const stages = useMemo(() => stagesOf(contacts), [contacts]);
  const accessibility = useAnnouncements(contacts);
  const [activeId, setActiveId] = useState<number | null>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle is still a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const id = parseContactDndId(active.id);
    const to = over ? dropStage(contacts, over.id) : null;
    if (id !== null && to) void move(id, to);
  };
  const active = activeId === null ? undefined : contacts.find((c) => c.id === activeId);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active: a }) => setActiveId(parseContactDndId(a.id))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={accessibility}
    >
      <div style={{ display: "flex", gap: 12, overflowX: "auto", alignItems: "stretch", paddingBottom: 8 }}>
        {stages.map((stage) => (
          <StageColumn key={stage} stage={stage} stages={stages} contacts={stageContacts(contacts, stage)} demos={demos} canMove={canMove} onMove={(id, to) => void move(id, to)} />
        ))}
      </div>
      {/* Above antd's sider and header (z-index up to 999). */}
      <DragOverlay zIndex={1100}>
        {active ? <ContactFace contact={active} demo={demoOf(demos, active)} stages={stages} canMove={false} onMove={() => {}} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}
