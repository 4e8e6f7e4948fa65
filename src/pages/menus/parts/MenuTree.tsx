// The menu tree: sections and their menus in sider order, each line dragged by its handle (mouse,
// touch or keyboard) to reorder it, or to move a menu under another section (dropped among that
// section's menus); a section moves with its menus. Each line links to the menu's form (name,
// alias, URL, icon from the searchable icon list, parent, order).
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { EditOutlined, HolderOutlined } from "@ant-design/icons";
import { Button, Spin, Tag, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { IconByName } from "../../../crud/icons/IconByName";
import { useMenuLabel } from "../../rights/hooks/useMenuLabel";
import { useMenuTree } from "../hooks/useMenuTree";
import type { Line } from "../model/menuTree";

function MenuLine({ line }: { line: Line }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const label = useMenuLabel()({ ...line, group: line.section });
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: line.id,
    attributes: { roleDescription: t("menus.roleDescription") },
  });
  return (
    <li
      ref={setNodeRef}
      data-testid={`menu-line-${line.alias}`}
      style={{
        listStyle: "none",
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        display: "flex",
        alignItems: "center",
        gap: 8,
        padding: "6px 8px",
        marginInlineStart: line.section ? 0 : 28,
        background: line.section ? token.colorFillQuaternary : token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        fontWeight: line.section ? 600 : undefined,
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<HolderOutlined />}
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t("menus.move", { menu: label })}
        style={{ cursor: "grab" }}
      />
      {line.icon ? <IconByName name={line.icon} /> : null}
      <span>{label}</span>
      <Tag>{line.alias}</Tag>
      {line.url ? <code style={{ color: token.colorTextSecondary }}>{line.url}</code> : null}
      <span style={{ flex: 1 }} />
      <Link to={`/menu/edit/${line.id}`} aria-label={t("menus.edit", { menu: label })}>
        <EditOutlined />
      </Link>
    </li>
  );
}

export function MenuTree() {
  const { t } = useTranslation();
  const { lines, loading, saving, move } = useMenuTree();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = (e: DragEndEvent) => {
    if (e.over && e.active.id !== e.over.id) void move(Number(e.active.id), Number(e.over.id));
  };
  if (loading) return <Spin />;
  return (
    <Spin spinning={saving}>
      <p style={{ margin: "0 0 8px" }}>{t("menus.hint")}</p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={lines.map((l) => l.id)} strategy={verticalListSortingStrategy}>
          <ul style={{ padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 4, maxWidth: 900 }} aria-label={t("menus.tree")}>
            {lines.map((l) => (
              <MenuLine key={l.id} line={l} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </Spin>
  );
}
