// The kanban page (bespoke list page of kanban-board, src/crud/bespoke.ts): pick a project, then
// its boards and cards (KanbanWorkspace). The project and board are kept in the address
// (#/kanban-board?project=1&board=2), so a reload shows the same board.
import { useTranslate } from "@refinedev/core";
import { Typography } from "antd";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { resourceByName } from "../../../declaration";
import { RefSelect } from "../../crud/fields/ref";
import { wantToasts } from "../../lazy/toasts";
import { KanbanWorkspace } from "./KanbanWorkspace";

const PROJECT_FIELD = resourceByName("kanban-board").fields.find((f) => f.name === "project_id")!;

const idParam = (v: string | null): number | null => (v && /^\d+$/.test(v) ? Number(v) : null);

export default function KanbanPage() {
  const t = useTranslate();
  useEffect(wantToasts, []);
  const [params, setParams] = useSearchParams();
  const projectId = idParam(params.get("project"));
  const boardId = idParam(params.get("board"));
  const set = (next: { project?: number | null; board?: number | null }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === undefined) p.delete(k);
          else p.set(k, String(v));
        }
        return p;
      },
      { replace: true },
    );

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t("kanban.title")}
      </Typography.Title>
      <div style={{ maxWidth: 360, display: "flex", flexDirection: "column", gap: 4 }}>
        <label htmlFor="kanban-project">{t("kanban.project")}</label>
        <RefSelect
          field={PROJECT_FIELD}
          value={projectId}
          onChange={(v) => set({ project: v === null || v === undefined ? null : Number(v), board: null })}
          placeholder={t("kanban.pickProject")}
          id="kanban-project"
        />
      </div>
      {projectId !== null ? (
        <KanbanWorkspace key={projectId} projectId={projectId} boardId={boardId} onBoardChange={(board) => set({ board })} />
      ) : (
        <Typography.Text type="secondary">{t("kanban.pickProjectHint")}</Typography.Text>
      )}
    </div>
  );
}
