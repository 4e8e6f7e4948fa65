// The project's boards: pick one, add one, rename or delete the one shown (the delete asks the
// spec's confirmation).
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useCan, useTranslate, type BaseRecord } from "@refinedev/core";
import { Button, Select, Space } from "antd";
import { DeleteAction } from "../../../crud/DeleteAction";

export interface BoardPickerProps {
  boards: BaseRecord[];
  boardId: number | null;
  loading: boolean;
  onPick: (boardId: number | null) => void;
  onAdd: () => void;
  onEdit: () => void;
  onDeleted: () => void;
}

export function BoardPicker({ boards, boardId, loading, onPick, onAdd, onEdit, onDeleted }: BoardPickerProps) {
  const t = useTranslate();
  const canAdd = useCan({ resource: "kanban-board", action: "create" }).data?.can ?? false;
  const canEdit = useCan({ resource: "kanban-board", action: "edit" }).data?.can ?? false;
  const board = boards.find((b) => Number(b.id) === boardId);
  return (
    <Space wrap>
      <Select
        aria-label={t("kanban.board.pick")}
        placeholder={t("kanban.board.pick")}
        style={{ minWidth: 260 }}
        loading={loading}
        value={board ? boardId : undefined}
        onChange={(v) => onPick(v ?? null)}
        options={boards.map((b) => ({ value: Number(b.id), label: String(b.name) }))}
        notFoundContent={t("common.empty")}
      />
      {canAdd ? (
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {t("kanban.board.add")}
        </Button>
      ) : null}
      {board && canEdit ? (
        <Button icon={<EditOutlined aria-hidden />} onClick={onEdit}>
          {t("kanban.board.edit")}
        </Button>
      ) : null}
      {board ? <DeleteAction resource="kanban-board" id={board.id!} record={board} onSuccess={onDeleted} /> : null}
    </Space>
  );
}
