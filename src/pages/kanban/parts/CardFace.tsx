// A card's face: colour stripe, title (opens the drawer), assignee avatar, due date (red when
// overdue) and the linked activity. The drag handle comes from the sortable wrapper (or none in
// the drag overlay).
import { CalendarOutlined, HolderOutlined, LinkOutlined } from "@ant-design/icons";
import { Avatar, Button, Tooltip } from "antd";
import { useTranslate } from "@refinedev/core";
import type { HTMLAttributes, Ref } from "react";
import { initialsOf, isOverdue } from "../model/cardFace";
import type { KanbanCard } from "../store/kanbanStore";

/** Read by screen readers, not shown. */
const visuallyHidden: React.CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" };

export interface CardFaceProps {
  card: KanbanCard;
  onOpen?: () => void;
  /** dnd-kit's activator: the handle's ref, attributes and listeners. */
  handle?: { ref?: Ref<HTMLButtonElement>; props?: HTMLAttributes<HTMLButtonElement> };
  dragging?: boolean;
}

export function CardFace({ card, onOpen, handle, dragging }: CardFaceProps) {
  const t = useTranslate();
  const overdue = isOverdue(card.due_date, card.status);
  return (
    <div
      className="kanban-card"
      data-testid={`kanban-card-${card.id}`}
      style={{
        display: "flex",
        gap: 4,
        background: "#fff",
        borderRadius: 6,
        borderLeft: `4px solid ${card.color || "#d9d9d9"}`,
        boxShadow: dragging ? "0 6px 16px rgba(0,0,0,.18)" : "0 1px 2px rgba(0,0,0,.08)",
        padding: "6px 8px 6px 4px",
      }}
    >
      <button
        type="button"
        ref={handle?.ref}
        {...handle?.props}
        aria-label={t("kanban.card.move", { title: card.title })}
        title={t("kanban.card.move", { title: card.title })}
        style={{ border: 0, background: "transparent", cursor: dragging ? "grabbing" : "grab", padding: "2px 2px", color: "#8c8c8c", touchAction: "none", alignSelf: "flex-start" }}
      >
        <HolderOutlined />
      </button>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Button type="link" onClick={onOpen} style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left", color: "rgba(0,0,0,.88)", fontWeight: 500 }}>
          {card.title}
        </Button>
        {card.activity_id_label ? (
          <div style={{ fontSize: 12, color: "#595959", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={card.activity_id_label}>
            <LinkOutlined aria-hidden /> <span style={visuallyHidden}>{t("kanban.card.activity")}: </span>
            {card.activity_id_label}
          </div>
        ) : null}
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", marginTop: 4, minHeight: 24 }}>
          {card.due_date ? (
            <span style={{ fontSize: 12, color: overdue ? "#cf1322" : "#595959", fontWeight: overdue ? 600 : 400 }} data-overdue={overdue || undefined}>
              <CalendarOutlined aria-hidden /> {card.due_date}
              {overdue ? ` · ${t("kanban.card.overdue")}` : null}
            </span>
          ) : (
            <span />
          )}
          {card.assignee_id_label ? (
            <Tooltip title={card.assignee_id_label}>
              <Avatar size="small" style={{ background: "#1677ff", fontSize: 11 }} aria-label={t("kanban.card.assignee", { name: card.assignee_id_label })}>
                {initialsOf(card.assignee_id_label)}
              </Avatar>
            </Tooltip>
          ) : null}
        </div>
      </div>
    </div>
  );
}
