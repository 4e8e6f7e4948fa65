// The plan and board tabs: the single place where the Gantt (src/pages/gantt) and the kanban
// (src/pages/kanban) workspaces are mounted, each in its own chunk.
import { lazy } from "react";

const GanttWorkspace = lazy(() => import("../../../gantt/GanttWorkspace").then((m) => ({ default: m.GanttWorkspace })));
const KanbanWorkspace = lazy(() => import("../../../kanban/KanbanWorkspace").then((m) => ({ default: m.KanbanWorkspace })));

export function PlanTab({ projectId }: { projectId: string | number }) {
  return <GanttWorkspace projectId={Number(projectId)} />;
}

export function BoardTab({ projectId }: { projectId: string | number }) {
  return <KanbanWorkspace projectId={Number(projectId)} />;
}
