// The project workspace's pure figures: the overview from the records, which plan versions the
// health tab measures, SPI/CPI history from the health reports, and the tab of a route.
import { describe, expect, it } from "vitest";
import { overviewFigures } from "../../src/pages/project/model/overview";
import { planVersions } from "../../src/pages/project/model/healthInput";
import { indexHistory } from "../../src/pages/project/model/indexHistory";
import { tabOfPath, tabPath } from "../../src/pages/project/tabs";

const base = {
  project: { start_date: "2026-01-01", end_date: "2026-01-11", budget: 1000, progress: 30 },
  issues: [],
  issueStatuses: [],
  risks: [],
  milestones: [],
  approvals: [],
  members: [],
  participants: [],
  expenditures: [],
  today: "2026-01-05",
};

describe("overview figures", () => {
  it("time elapsed and money spent against the budget (hand-checked)", () => {
    const f = overviewFigures({ ...base, expenditures: [{ amount: 150 }, { amount: "100" }] });
    expect(f.timeElapsed).toBe(40); // 4 of 10 days
    expect(f.spent).toBe(250);
    expect(f.spentPercent).toBe(25);
    expect(f.progress).toBe(30);
  });

  it("before the start 0, after the end 100; no budget: no share", () => {
    expect(overviewFigures({ ...base, today: "2025-12-01" }).timeElapsed).toBe(0);
    expect(overviewFigures({ ...base, today: "2026-03-01" }).timeElapsed).toBe(100);
    expect(overviewFigures({ ...base, project: { ...base.project, budget: null } }).spentPercent).toBeNull();
  });

  it("open issues by priority leave out closed statuses; open risks by impact leave out closed ones", () => {
    const f = overviewFigures({
      ...base,
      issueStatuses: [
        { id: 1, is_closed: false },
        { id: 2, is_closed: 1 },
      ],
      issues: [
        { issue_status_id: 1, priority: "high" },
        { issue_status_id: 1, priority: "high" },
        { issue_status_id: 2, priority: "critical" },
      ],
      risks: [
        { status: "identified", impact: "low" },
        { status: "closed", impact: "high" },
      ],
    });
    expect(f.openIssues).toBe(2);
    expect(f.openIssuesBy).toEqual({ low: 0, medium: 0, high: 2, critical: 0 });
    expect(f.openRisks).toBe(1);
    expect(f.openRisksBy).toEqual({ low: 1, medium: 0, high: 0 });
  });

  it("next milestones: planned ones due from today, soonest first, three at most; overdue approvals are pending ones past their date", () => {
    const f = overviewFigures({
      ...base,
      milestones: [
        { title: "d", due_date: "2026-02-01", status: "planned" },
        { title: "a", due_date: "2026-01-05", status: "planned" },
        { title: "late", due_date: "2026-01-04", status: "planned" },
        { title: "done", due_date: "2026-01-06", status: "achieved" },
        { title: "b", due_date: "2026-01-07", status: "planned" },
        { title: "c", due_date: "2026-01-08", status: "planned" },
      ],
      approvals: [
        { status: "pending", required_date: "2026-01-04" },
        { status: "pending", required_date: "2026-01-05" },
        { status: "approved", required_date: "2026-01-01" },
        { status: "pending", required_date: null },
      ],
    });
    expect(f.nextMilestones.map((m) => m.title)).toEqual(["a", "b", "c"]);
    expect(f.plannedMilestones).toBe(5);
    expect(f.overdueApprovals).toBe(1);
    expect(f.pendingApprovals).toBe(3);
  });

  it("people: distinct staff among active members and participants", () => {
    const f = overviewFigures({
      ...base,
      members: [
        { user_id: 1, is_active: true },
        { user_id: 2, is_active: false },
        { user_id: 3, is_active: 1 },
      ],
      participants: [{ user_id: 1 }, { user_id: 4 }],
    });
    expect(f.people).toBe(3);
  });
});

describe("health inputs", () => {
  it("the baseline is the version marked so (else the first), the current the latest", () => {
    expect(planVersions([])).toEqual({ baselineId: null, currentId: null });
    expect(
      planVersions([
        { id: 7, version_no: 2, is_baseline: false },
        { id: 5, version_no: 1, is_baseline: true },
        { id: 9, version_no: 3, is_baseline: false },
      ]),
    ).toEqual({ baselineId: 5, currentId: 9 });
    expect(
      planVersions([
        { id: 4, version_no: 2 },
        { id: 3, version_no: 1 },
      ]),
    ).toEqual({ baselineId: 3, currentId: 4 });
  });

  it("SPI and CPI by report date, oldest first, a missing one null", () => {
    expect(
      indexHistory(
        [
          { report_date: "2026-02-01", spi: 0.9 },
          { report_date: "2026-01-01", spi: "1.02" },
        ],
        [{ report_date: "2026-02-01", cpi: 0.97 }],
      ),
    ).toEqual([
      { date: "2026-01-01", spi: 1.02, cpi: null },
      { date: "2026-02-01", spi: 0.9, cpi: 0.97 },
    ]);
  });
});

describe("tab routes", () => {
  it("the path below the project names the tab; none or unknown is the overview", () => {
    expect(tabOfPath("health")).toBe("health");
    expect(tabOfPath(undefined)).toBe("overview");
    expect(tabOfPath("nope")).toBe("overview");
    expect(tabPath(4, "overview")).toBe("/project/show/4");
    expect(tabPath(4, "money")).toBe("/project/show/4/money");
  });
});
