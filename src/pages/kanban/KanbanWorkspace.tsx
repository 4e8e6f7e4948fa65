// A project's kanban: its boards (pick, add, rename, delete) and the board shown with its
// columns, cards and card drawer. Mounted by the kanban page (which picks the project) and by the
// project workspace's "board" tab. The board shown is the caller's when it passes one (kept in
// the page's address), else this component's own.
import { useCan, useList, type BaseRecord } from "@refinedev/core";
import { Empty, Spin } from "antd";
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { useBoardCards } from "./hooks/useBoardCards";
import { BoardFormModal } from "./parts/BoardFormModal";
import { BoardPicker } from "./parts/BoardPicker";
import { CardDrawer } from "./parts/CardDrawer";
import { KanbanBoard } from "./parts/KanbanBoard";

export interface KanbanWorkspaceProps {
  projectId: number;
  boardId?: number | null;
  onBoardChange?: (boardId: number | null) => void;
}

export function KanbanWorkspace({ projectId, boardId: controlled, onBoardChange }: KanbanWorkspaceProps) {
  const t = useTranslate();
  const [own, setOwn] = useState<number | null>(null);
  const boardId = controlled !== undefined ? controlled : own;
  const pick = (id: number | null) => (onBoardChange ? onBoardChange(id) : setOwn(id));
  const [editing, setEditing] = useState<{ board: BaseRecord | null } | null>(null);

  const { result, query } = useList({
    resource: "kanban-board",
    filters: [{ field: "project_id", operator: "eq", value: projectId }],
    sorters: [
      { field: "order", order: "asc" },
      { field: "id", order: "asc" },
    ],
    pagination: { mode: "off" },
  });
  const boards = result.data;
  // The board asked for, else (none, deleted, or one of another project) the project's first.
  const shown = boards.some((b) => Number(b.id) === boardId) ? boardId : boards.length ? Number(boards[0]!.id) : null;

  const cards = useBoardCards(shown);
  const canAddCards = useCan({ resource: "kanban-card", action: "create" }).data?.can ?? false;

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <BoardPicker
        boards={boards}
        boardId={shown}
        loading={query.isLoading}
        onPick={pick}
        onAdd={() => setEditing({ board: null })}
        onEdit={() => setEditing({ board: boards.find((b) => Number(b.id) === shown) ?? null })}
        onDeleted={() => pick(null)}
      />
      {query.isSuccess && !boards.length ? <Empty description={t("kanban.board.none")} /> : null}
      {shown !== null ? <Spin spinning={!cards.shown}>{cards.shown ? <KanbanBoard canAdd={canAddCards} /> : <div style={{ minHeight: 200 }} />}</Spin> : null}
      <CardDrawer onSaved={() => void cards.refetch()} />
      <BoardFormModal
        projectId={projectId}
        board={editing?.board ?? null}
        open={!!editing}
        onClose={() => setEditing(null)}
        onSaved={(id) => {
          setEditing(null);
          void query.refetch();
          pick(id);
        }}
      />
    </div>
  );
}
