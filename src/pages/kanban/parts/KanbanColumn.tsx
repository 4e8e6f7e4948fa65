// One status column (any status the board has: the declared ones and any other the server
// answered): its title and count, its cards in board order (a sortable list), a drop
// area for an empty column, and "add card".
import { PlusOutlined } from "@ant-design/icons";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useTranslate } from "@refinedev/core";
import { Button } from "antd";
import type { CardStatus } from "../model/cardMove";
import { cardDndId, columnDndId } from "../model/dropTarget";
import { useKanbanStore, type KanbanCard } from "../store/kanbanStore";
import { SortableCard } from "./SortableCard";

export function KanbanColumn({ status, cards, canAdd }: { status: CardStatus; cards: KanbanCard[]; canAdd: boolean }) {
  const t = useTranslate();
  const { setNodeRef, isOver } = useDroppable({ id: columnDndId(status) });
  const openDrawer = useKanbanStore((s) => s.openDrawer);
  const headingId = `kanban-column-${status}`;
  // A status the server knows beyond the declared ones is named as it comes.
  const label = t(`enums.status.${status}`, status);
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`kanban-column-${status}`}
      style={{ flex: "1 0 240px", maxWidth: 360, background: isOver ? "#e6f4ff" : "#f5f5f5", borderRadius: 8, padding: 8, display: "flex", flexDirection: "column", gap: 8 }}
    >
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <h3 id={headingId} style={{ margin: 0, fontSize: 14 }}>
          {label} <span style={{ color: "#595959", fontWeight: 400 }}>({cards.length})</span>
        </h3>
        {canAdd ? (
          <Button size="small" type="text" icon={<PlusOutlined />} aria-label={t("kanban.card.addTo", { column: label })} onClick={() => openDrawer({ mode: "add", status })} />
        ) : null}
      </div>
      <SortableContext items={cards.map((c) => cardDndId(c.id))} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} style={{ margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 8, minHeight: 64, flex: 1 }}>
          {cards.map((card) => (
            <SortableCard key={card.id} card={card} />
          ))}
        </ul>
      </SortableContext>
    </section>
  );
}
