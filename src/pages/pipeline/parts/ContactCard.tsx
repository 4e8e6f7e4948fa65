// A contact's card: drag handle (mouse, touch, keyboard), name, company and position, phone, the
// demo request the contact asked for (same email) with its state and date, and a menu that moves
// the card to any other stage or opens the contact's details or form.
import { CalendarOutlined, HolderOutlined, MoreOutlined, PhoneOutlined } from "@ant-design/icons";
import { useDraggable } from "@dnd-kit/core";
import { useGo } from "@refinedev/core";
import { Button, Dropdown, Tag, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { enumColor } from "../../../crud/display/enumColors";
import { formatDate } from "../../../lib/format";
import { contactDndId, type Contact, type DemoRequest } from "../model/pipeline";

const handleStyle: React.CSSProperties = { border: 0, background: "transparent", padding: "2px 2px", color: "#595959", touchAction: "none", alignSelf: "flex-start" };
const line: React.CSSProperties = { fontSize: 12, color: "#595959", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" };

export interface ContactCardProps {
  contact: Contact;
  demo?: DemoRequest;
  stages: readonly string[];
  canMove: boolean;
  onMove: (to: string) => void;
  /** In the drag overlay: a picture of the card (no buttons). */
  overlay?: boolean;
}

export function ContactFace({ contact, demo, stages, canMove, onMove, overlay = false, handle }: ContactCardProps & { handle?: React.ReactNode }) {
  const { t } = useTranslation();
  const go = useGo();
  const stageName = (s: string) => t(`enums.status.${s}`, s);
  const items: MenuProps["items"] = [
    ...(canMove ? stages.filter((s) => s !== contact.status).map((s) => ({ key: `move:${s}`, label: t("pipeline.card.moveTo", { stage: stageName(s) }) })) : []),
    ...(canMove ? [{ type: "divider" as const }] : []),
    { key: "show", label: t("crud.actions.show") },
    ...(canMove ? [{ key: "edit", label: t("crud.actions.edit") }] : []),
  ];
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key.startsWith("move:")) onMove(key.slice(5));
    else if (key === "show" || key === "edit") go({ to: { resource: "sales-contact", action: key, id: contact.id } });
  };
  return (
    <div
      data-testid={`contact-card-${contact.id}`}
      aria-hidden={overlay || undefined}
      style={{ display: "flex", gap: 4, background: "#fff", borderRadius: 6, boxShadow: overlay ? "0 6px 16px rgba(0,0,0,.18)" : "0 1px 2px rgba(0,0,0,.08)", padding: "6px 4px" }}
    >
      {handle ?? (
        <span style={{ ...handleStyle, cursor: "grabbing" }}>
          <HolderOutlined />
        </span>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 500 }}>{contact.name}</div>
        {contact.company_name || contact.position ? <div style={line}>{[contact.company_name, contact.position].filter(Boolean).join(" · ")}</div> : null}
        {contact.phone ? (
          <div style={line}>
            <PhoneOutlined aria-hidden /> {contact.phone}
          </div>
        ) : null}
        {demo ? (
          <div style={{ marginTop: 4 }}>
            <Tag color={enumColor(String(demo.status ?? ""))} icon={<CalendarOutlined aria-hidden />} style={{ whiteSpace: "normal", marginInlineEnd: 0 }}>
              {t("pipeline.card.demo", { status: t(`enums.status.${demo.status}`, String(demo.status ?? "")) })}
              {demo.demo_date ? ` · ${formatDate(demo.demo_date)}` : ""}
            </Tag>
          </div>
        ) : null}
      </div>
      {!overlay ? (
        <Dropdown menu={{ items, onClick }} trigger={["click"]}>
          <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t("pipeline.card.actions", { name: contact.name })} />
        </Dropdown>
      ) : null}
    </div>
  );
}

/** The card on the board: its handle starts a drag; while dragged, a faded copy stays in its column. */
export function ContactCard(props: ContactCardProps) {
  const { t } = useTranslation();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: contactDndId(props.contact.id),
    disabled: !props.canMove,
    attributes: { roleDescription: t("pipeline.card.roleDescription") },
  });
  const handle = props.canMove ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t("pipeline.card.move", { name: props.contact.name })}
      title={t("pipeline.card.move", { name: props.contact.name })}
      style={{ ...handleStyle, cursor: "grab" }}
    >
      <HolderOutlined />
    </button>
  ) : (
    <span style={handleStyle} />
  );
  return (
    <li ref={setNodeRef} style={{ listStyle: "none", opacity: isDragging ? 0.4 : 1 }}>
      <ContactFace {...props} handle={handle} />
    </li>
  );
}
