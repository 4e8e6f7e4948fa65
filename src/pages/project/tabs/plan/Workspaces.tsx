// The plan and board tabs. The single place where the Gantt (src/pages/gantt) and the kanban
// board (src/pages/kanban) workspaces are mounted: until they are, each tab links to its page.
import { Button, Result } from "antd";
import { useTranslate } from "@refinedev/core";
import { Link } from "react-router";

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
  return <LinkTab to={`/kanban-board?filters[0][field]=project_id&filters[0][operator]=eq&filters[0][value]=${projectId}`} text="project.board.link" />;
}
