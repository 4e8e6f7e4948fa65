// The plan and board tabs: the single place where the Gantt (src/pages/gantt) and the kanban
// (src/pages/kanban) workspaces are mounted, each in its own chunk. The Gantt's is not there
// yet: its tab links to the plan's activities until it is.
import { lazy } from "react";
import { Button, Result } from "antd";
import { useTranslate } from "@refinedev/core";
import { Link } from "react-router";

const KanbanWorkspace = lazy(() => import("../../../kanban/KanbanWorkspace").then((m) => ({ default: m.KanbanWorkspace })));

function LinkTab({ to, text }: { to: string; text: string }) {
  const t = useTranslate();
  return (
    <Result
      status="info"
      title={t(text)}
      extra={
        <Link to={to}>
          <Button type="primary">{t("project.open")}</Button>
        </Link>
      }
    />
  );
}

export function PlanTab({ projectId }: { projectId: string | number }) {
  return <LinkTab to={`/activity?filters[0][field]=project_id&filters[0][operator]=eq&filters[0][value]=${projectId}`} text="project.plan.link" />;
}

export function BoardTab({ projectId }: { projectId: string | number }) {
  return <KanbanWorkspace projectId={Number(projectId)} />;
}
