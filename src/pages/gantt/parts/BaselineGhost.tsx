// The content of a bar (the chart's taskTemplate): its name and issue count, a red overlay when
// it is on the critical path (a class per bar: a style rule per critical id was slow with
// thousands of bars), and under it the compared version's bar as a ghost, placed by the days it moved (the chart's baselines are in its paid
// edition). Pixels per day come from the bar itself: its width over its days.
import type { ITask } from "@svar-ui/react-gantt";
import { dayOf, dayOfLocalDate } from "../../../lib/calendarDays";
import { useGanttStore } from "../store/ganttStore";

const DAY_MS = 86_400_000;

export function BaselineGhost({ data }: { data: ITask }) {
  const base = useGanttStore((s) => (typeof data.id === "number" ? s.comparison?.baselineOf.get(data.id) : undefined));
  const issues = useGanttStore((s) => s.issueCounts.get(data.id) ?? 0);
  const critical = useGanttStore((s) => s.showCritical && typeof data.id === "number" && s.criticalSet.has(data.id));
  const label = (
    <>
      {critical && <div className="fw-critical" data-testid={`critical-${data.id}`} />}
      {data.type === "milestone" ? null : (
        <div className="fw-bar-text">
          {issues > 0 && (
            <span className="fw-issue-badge" data-testid={`issues-${data.id}`}>
              {issues}
            </span>
          )}
          {data.text}
        </div>
      )}
    </>
  );
  if (!base || !(data.start instanceof Date) || !(data.end instanceof Date) || data.type === "milestone") return label;
  const days = Math.max(1, Math.round((data.end.getTime() - data.start.getTime()) / DAY_MS));
  const perDay = (Number(data.$w) || 0) / days;
  const baseStart = dayOf(base.start_date);
  const baseEnd = dayOf(base.end_date);
  if (!perDay || baseStart === null || baseEnd === null) return label;
  const left = (baseStart - dayOfLocalDate(data.start)) * perDay;
  const width = Math.max(2, (baseEnd + 1 - baseStart) * perDay);
  return (
    <>
      {label}
      <div className="fw-ghost" data-testid={`ghost-${data.id}`} style={{ left, width }} />
    </>
  );
}
