// The plan and board tabs: the single place where the Gantt (src/pages/gantt) and the kanban
// (src/pages/kanban) workspaces are mounted, each in its own chunk, loaded with the shell's
// placeholder, time limit and Retry.
import { lazyWithTimeout } from "../../../../lazy/lazyWithTimeout";

const GanttWorkspace = lazyWithTimeout(async () => ({ default: (await import("../../../gantt/GanttWorkspace")).GanttWorkspace }));
const KanbanWorkspace = lazyWithTimeout(async () => ({ default: (await import("../../../kanban/KanbanWorkspace")).KanbanWorkspace }));

export function PlanTab({ projectId }: { projectId: string | number }) {
  return <GanttWorkspace projectId={Number(projectId)} />;
}

export function BoardTab({ projectId }: { projectId: string | number }) {
  return <KanbanWorkspace projectId={Number(projectId)} />;
}
