// The overview's figures, computed from the project's records: what a manager checks first.
import { dayOf } from "../../../lib/calendarDays";

type Row = Record<string, unknown>;

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export const RISK_LEVELS = ["low", "medium", "high"] as const;

export interface OverviewInput {
  project: Row;
  /** issue records (issue/list-by-project) and the issue statuses (is_closed). */
  issues: Row[];
  issueStatuses: Row[];
  risks: Row[];
  milestones: Row[];
  approvals: Row[];
  members: Row[];
  participants: Row[];
  expenditures: Row[];
  /** Today, YYYY-MM-DD. */
  today: string;
}

export interface OverviewFigures {
  /** Progress recorded on the project and the share of its time gone, 0..100 (null without dates). */
  progress: number;
  timeElapsed: number | null;
  budget: number | null;
  spent: number;
  /** spent / budget in percent (null without a budget). */
  spentPercent: number | null;
  openIssues: number;
  openIssuesBy: Record<(typeof SEVERITIES)[number], number>;
  openRisks: number;
  /** Open risks by impact. */
  openRisksBy: Record<(typeof RISK_LEVELS)[number], number>;
  /** Planned milestones due today or later, soonest first (at most 3), and how many are planned. */
  nextMilestones: Row[];
  plannedMilestones: number;
  /** Pending approvals past their required date. */
  overdueApprovals: number;
  pendingApprovals: number;
  /** Distinct staff on the project: active members (user-to-proyek) and participants. */
  people: number;
}

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

export function overviewFigures(i: OverviewInput): OverviewFigures {
  const today = dayOf(i.today) ?? 0;
  const start = dayOf(String(i.project.start_date ?? ""));
  const end = dayOf(String(i.project.end_date ?? ""));
  const timeElapsed = start === null || end === null ? null : end <= start ? (today >= start ? 100 : 0) : Math.min(100, Math.max(0, (100 * (today - start)) / (end - start)));
  const budget = i.project.budget == null || num(i.project.budget) <= 0 ? null : num(i.project.budget);
  const spent = i.expenditures.reduce((s, e) => s + num(e.amount), 0);
  const closed = new Set(i.issueStatuses.filter((s) => s.is_closed === true || s.is_closed === 1).map((s) => String(s.id)));
  const openIssues = i.issues.filter((x) => !closed.has(String(x.issue_status_id)));
  const openRisks = i.risks.filter((x) => x.status !== "closed");
  const planned = i.milestones.filter((m) => m.status === "planned");
  const due = (r: Row, field: string) => dayOf(String(r[field] ?? ""));
  const pending = i.approvals.filter((a) => a.status === "pending");
  const people = new Set<string>();
  for (const m of i.members) if (m.is_active !== false && m.is_active !== 0) people.add(String(m.user_id));
  for (const p of i.participants) people.add(String(p.user_id));
  const count = <K extends string>(keys: readonly K[], rows: Row[], field: string) =>
    Object.fromEntries(keys.map((k) => [k, rows.filter((r) => r[field] === k).length])) as Record<K, number>;
  return {
    progress: num(i.project.progress),
    timeElapsed,
    budget,
    spent,
    spentPercent: budget === null ? null : (100 * spent) / budget,
    openIssues: openIssues.length,
    openIssuesBy: count(SEVERITIES, openIssues, "priority"),
    openRisks: openRisks.length,
    openRisksBy: count(RISK_LEVELS, openRisks, "impact"),
    nextMilestones: planned
      .filter((m) => (due(m, "due_date") ?? -Infinity) >= today)
      .sort((a, b) => (due(a, "due_date") ?? 0) - (due(b, "due_date") ?? 0))
      .slice(0, 3),
    plannedMilestones: planned.length,
    overdueApprovals: pending.filter((a) => {
      const d = due(a, "required_date");
      return d !== null && d < today;
    }).length,
    pendingApprovals: pending.length,
    people: people.size,
  };
}
