// A card's face: colour stripe, title (opens the drawer), assignee avatar, due date (red when
// overdue) and the linked activity. The drag handle comes from the sortable wrapper (or none in
// the drag overlay).
import { CalendarOutlined, HolderOutlined, LinkOutlined } from "@ant-design/icons";
import { Avatar, Button, Tooltip } from "antd";
import { useTranslate } from "@refinedev/core";
import type { HTMLAttributes, Ref } from "react";
import { initialsOf, isOverdue } from "../model/cardFace";
import type { KanbanCard } from "../store/kanbanStore";
import { formatDate } from "../../../lib/format";

/** Read by screen readers, not shown. */
const visuallyHidden: React.CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" };

const handleStyle: React.CSSProperties = { border: 0, background: "transparent", padding: "2px 2px", color: "#8c8c8c", touchAction: "none", alignSelf: "flex-start" };
const titleStyle: React.CSSProperties = { padding: 0, height: "auto", whiteSpace: "normal", textAlign: "left", color: "rgba(0,0,0,.88)", fontWeight: 500 };

export interface CardFaceProps {
  card: KanbanCard;
  onOpen?: () => void;
  /** dnd-kit's activator: the handle's ref, and its attributes and listeners. */
  handleRef?: Ref<HTMLButtonElement>;
  handleProps?: HTMLAttributes<HTMLButtonElement>;
  /** In the drag overlay: a picture of the card under the pointer (no buttons; the card itself stays in its list). */
  overlay?: boolean;
}

export function CardFace({ card, onOpen, handleRef, handleProps, overlay = false }: CardFaceProps) {
  const t = useTranslate();
  const overdue = isOverdue(card.due_date, card.status);
  return (
    <div
      className="kanban-card"
      data-testid={`kanban-card-${card.id}`}
      aria-hidden={overlay || undefined}
      style={{
        display: "flex",
        gap: 4,
        background: "#fff",
        borderRadius: 6,
        borderLeft: `4px solid ${card.color || "#d9d9d9"}`,
        boxShadow: overlay ? "0 6px 16px rgba(0,0,0,.18)" : "0 1px 2px rgba(0,0,0,.08)",
        padding: "6px 8px 6px 4px",
      }}
    >
      {!overlay ? (
        <button
          type="button"
          ref={handleRef}
          {...handleProps}
          aria-label={t("kanban.card.move", { title: card.title })}
          title={t("kanban.card.move", { title: card.title })}
          style={{ ...handleStyle, cursor: "grab" }}
        >
          <HolderOutlined />
        </button>
      ) : (
        <span style={{ ...handleStyle, cursor: "grabbing" }}>
          <HolderOutlined />
        </span>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        {!overlay ? (
          <Button type="link" onClick={onOpen} style={titleStyle}>
            {card.title}
          </Button>
        ) : (
          <span style={{ ...titleStyle, display: "block" }}>{card.title}</span>
        )}
        {card.activity_id_label ? (
          <div style={{ fontSize: 12, color: "#595959", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={card.activity_id_label}>
            <LinkOutlined aria-hidden /> <span style={visuallyHidden}>{t("kanban.card.activity")}: </span>
            {card.activity_id_label}
          </div>
        ) : null}
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", marginTop: 4, minHeight: 24 }}>
          {card.due_date ? (
            <span style={{ fontSize: 12, color: overdue ? "#cf1322" : "#595959", fontWeight: overdue ? 600 : 400 }} data-overdue={overdue || undefined}>
              <CalendarOutlined aria-hidden /> {formatDate(card.due_date)}
              {overdue ? ` · ${t("kanban.card.overdue")}` : null}
            </span>
          ) : (
            <span />
          )}
          {card.assignee_id_label ? (
            <Tooltip title={card.assignee_id_label}>
              <Avatar size="small" style={{ background: "#0958d9", fontSize: 11 }} aria-label={t("kanban.card.assignee", { name: card.assignee_id_label })}>
                {initialsOf(card.assignee_id_label)}
              </Avatar>
            </Tooltip>
          ) : null}
        </div>
      </div>
    </div>
  );
}
