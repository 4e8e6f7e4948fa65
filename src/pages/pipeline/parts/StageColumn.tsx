// One stage's column: its name and count, and its contacts' cards; the whole column is where a
// card is dropped.
import { useDroppable } from "@dnd-kit/core";
import { useTranslation } from "react-i18next";
import { demoOf, stageDndId, type Contact, type DemoRequest } from "../model/pipeline";
import { ContactCard } from "./ContactCard";

export interface StageColumnProps {
  stage: string;
  stages: readonly string[];
  contacts: Contact[];
  demos: ReadonlyMap<string, DemoRequest>;
  canMove: boolean;
  onMove: (id: number, to: string) => void;
}

export function StageColumn({ stage, stages, contacts, demos, canMove, onMove }: StageColumnProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: stageDndId(stage) });
  const headingId = `pipeline-stage-${stage}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`pipeline-stage-${stage}`}
      style={{
        flex: "1 0 200px",
        minWidth: 0,
        maxWidth: 320,
        background: isOver ? "#e6f4ff" : "#f5f5f5",
        borderRadius: 8,
        padding: 8,
        display: "flex",
        flexDirection: "column",
        gap: 8,
      }}
    >
      <h2 id={headingId} style={{ margin: 0, fontSize: 14 }}>
        {t(`enums.status.${stage}`, stage)} <span style={{ color: "#595959", fontWeight: 400 }}>({contacts.length})</span>
      </h2>
      <ul style={{ margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 8, minHeight: 64, flex: 1 }}>
        {contacts.map((c) => (
          <ContactCard key={c.id} contact={c} demo={demoOf(demos, c)} stages={stages} canMove={canMove} onMove={(to) => onMove(c.id, to)} />
        ))}
      </ul>
    </section>
  );
}
