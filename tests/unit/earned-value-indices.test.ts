import { describe, expect, it } from "vitest";
import { dayOf } from "../../src/lib/calendarDays";
import {
  BEHIND_INDEX,
  ON_TRACK_INDEX,
  earnedValue,
  earnedValueSeries,
  labourToDate,
  plannedFraction,
  verdictOf,
  workShares,
  type PlanActivity,
} from "../../src/pages/project/model/earnedValue";
import { indexHistory } from "../../src/pages/project/model/indexHistory";

// Two phases weighted 60/40 (as the seed weighs phases in the project and tasks in their phase):
// T1 and T2 (50/50, ten days each) in the first, T3 (ten days) and a milestone in the second.
// Shares of the whole: T1 0.3, T2 0.3, T3 0.4, milestone 0.
const baseline: PlanActivity[] = [
  { id: 1, parent_id: null, type: "summary", start_date: "2026-01-01", end_date: "2026-01-20", weight: 60 },
  { id: 2, parent_id: 1, type: "task", start_date: "2026-01-01", end_date: "2026-01-10", weight: 50 },
  { id: 3, parent_id: 1, type: "task", start_date: "2026-01-11", end_date: "2026-01-20", weight: 50 },
  { id: 4, parent_id: null, type: "summary", start_date: "2026-01-21", end_date: "2026-01-30", weight: 40 },
  { id: 5, parent_id: 4, type: "task", start_date: "2026-01-21", end_date: "2026-01-30", weight: 100 },
  { id: 6, parent_id: 4, type: "milestone", start_date: "2026-01-30", end_date: "2026-01-30", weight: 0 },
];
// The current version: T1 done, T2 at 20 %, T3 not started.
const current: PlanActivity[] = baseline.map((a) => ({ ...a, id: a.id + 100, parent_id: a.parent_id && a.parent_id + 100, progress: { 2: 100, 3: 20 }[a.id] ?? 0 }));
const expenditures = [
  { amount: 150_000, expense_date: "2026-01-05" },
  { amount: 250_000, expense_date: "2026-01-15" },
  { amount: 100_000, expense_date: "2026-01-20" },
];

describe("earned value", () => {
  it("shares the work by the weights down the tree", () => {
    const shares = workShares(baseline);
    expect([...shares.keys()]).toEqual([2, 3, 5, 6]);
    expect(shares.get(2)).toBeCloseTo(0.3);
    expect(shares.get(3)).toBeCloseTo(0.3);
    expect(shares.get(5)).toBeCloseTo(0.4);
    expect(shares.get(6)).toBe(0);
  });

  it("shares by days when no weights are given", () => {
    const shares = workShares([
      { id: 1, parent_id: null, type: "task", start_date: "2026-01-01", end_date: "2026-01-10" },
      { id: 2, parent_id: null, type: "task", start_date: "2026-01-11", end_date: "2026-02-09", weight: null },
    ]);
    expect([shares.get(1), shares.get(2)]).toEqual([0.25, 0.75]);
  });

  it("spreads planned value evenly over each activity's days, counted to the end of the day", () => {
    expect(plannedFraction(baseline, dayOf("2025-12-31")!)).toBe(0);
    expect(plannedFraction(baseline, dayOf("2026-01-01")!)).toBeCloseTo(0.03);
    expect(plannedFraction(baseline, dayOf("2026-01-15")!)).toBeCloseTo(0.45);
    expect(plannedFraction(baseline, dayOf("2026-01-30")!)).toBeCloseTo(1);
  });

  it("computes PV, EV, AC, SPI, CPI and EAC on a hand-checked project", () => {
    const s = earnedValue({ baseline, current, budget: 1_000_000, expenditures, asOf: "2026-01-15" });
    // PV = 1e6 x (0.3 + 0.3 x 5/10) = 450,000; EV = 1e6 x (0.3 + 0.3 x 0.2) = 360,000; AC = 400,000 (the 20th not yet).
    expect(s.pv).toBeCloseTo(450_000);
    expect(s.ev).toBeCloseTo(360_000);
    expect(s.ac).toBe(400_000);
    expect(s.plannedPercent).toBeCloseTo(45);
    expect(s.earnedPercent).toBeCloseTo(36);
    expect(s.sv).toBeCloseTo(-90_000);
    expect(s.cv).toBeCloseTo(-40_000);
    expect(s.spi).toBeCloseTo(0.8);
    expect(s.cpi).toBeCloseTo(0.9);
    // EAC = BAC / CPI = 1,111,111.11; ETC = EAC - AC; VAC = BAC - EAC.
    expect(s.eac).toBeCloseTo(1_111_111.11, 1);
    expect(s.etc).toBeCloseTo(711_111.11, 1);
    expect(s.vac).toBeCloseTo(-111_111.11, 1);
    // SPI 0.8 < 0.85: behind schedule decides; CPI 0.9 is in the at-risk band.
    expect(s.verdict.code).toBe("behind_schedule");
    expect(s.verdict.reasons).toEqual([
      { code: "schedule_behind", index: expect.closeTo(0.8), threshold: BEHIND_INDEX },
      { code: "cost_rising", index: expect.closeTo(0.9), threshold: ON_TRACK_INDEX },
    ]);
  });

  it("handles a project not started: no division by zero", () => {
    const s = earnedValue({ baseline, current: baseline, budget: 1_000_000, expenditures: [], asOf: "2025-12-01" });
    expect([s.pv, s.ev, s.ac, s.spi, s.cpi, s.eac, s.etc, s.vac]).toEqual([0, 0, 0, null, null, null, null, null]);
    expect(s.verdict).toEqual({ code: "on_track", reasons: [{ code: "not_started" }, { code: "no_cost_yet" }] });
  });

  it("spent but nothing earned: CPI 0, no estimate, over budget", () => {
    const s = earnedValue({ baseline, current: baseline, budget: 1_000_000, expenditures, asOf: "2026-01-05" });
    expect(s.cpi).toBe(0);
    expect(s.eac).toBeNull();
    expect(s.verdict.code).toBe("over_budget");
  });

  it("without a budget: no money figures, the schedule index still known", () => {
    const s = earnedValue({ baseline, current, budget: null, expenditures, asOf: "2026-01-15" });
    expect([s.bac, s.pv, s.ev, s.cpi, s.eac]).toEqual([null, null, null, null, null]);
    expect(s.spi).toBeCloseTo(0.8);
    expect(s.verdict.code).toBe("behind_schedule");
    expect(s.verdict.reasons.map((r) => r.code)).toEqual(["schedule_behind", "no_budget"]);
  });

  it("refuses a status date that is not a date", () => {
    expect(() => earnedValue({ baseline, budget: 1, expenditures: [], asOf: "soon" })).toThrow(RangeError);
  });
});

describe("the verdict", () => {
  it.each([
    [1, 1, "on_track", ["on_plan"]],
    [ON_TRACK_INDEX, ON_TRACK_INDEX, "on_track", ["on_plan"]],
    [0.9, 1.1, "at_risk", ["schedule_slipping"]],
    [1.2, 0.9, "at_risk", ["cost_rising"]],
    [BEHIND_INDEX, 1, "at_risk", ["schedule_slipping"]],
    [0.8, 1, "behind_schedule", ["schedule_behind"]],
    [1, 0.8, "over_budget", ["cost_over"]],
    [0.8, 0.7, "over_budget", ["cost_over", "schedule_behind"]],
    [0.7, 0.8, "behind_schedule", ["schedule_behind", "cost_over"]],
    [0.92, 0.8, "over_budget", ["cost_over", "schedule_slipping"]],
    [null, 0.8, "over_budget", ["cost_over"]],
    [null, null, "on_track", ["on_plan"]],
  ] as const)("SPI %s, CPI %s: %s", (spi, cpi, code, reasons) => {
    const v = verdictOf(spi, cpi);
    expect(v.code).toBe(code);
    expect(v.reasons.map((r) => r.code)).toEqual(reasons);
  });
});

describe("earned value over time", () => {
  it("gives PV every step, AC up to the status date, EV where known", () => {
    const series = earnedValueSeries({
      baseline,
      current,
      budget: 1_000_000,
      expenditures,
      asOf: "2026-01-15",
      from: "2026-01-01",
      to: "2026-01-30",
      stepDays: 7,
      earnedPoints: [
        { date: "2026-01-08", value: 100_000 },
        { date: "2026-01-20", value: 999 },
      ],
    });
    expect(series.map((p) => p.date)).toEqual(["2026-01-01", "2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29", "2026-01-30"]);
    expect(series.map((p) => Math.round(p.pv!))).toEqual([30_000, 240_000, 450_000, 680_000, 960_000, 1_000_000]);
    expect(series.map((p) => p.ac)).toEqual([0, 150_000, 400_000, null, null, null]);
    // A recorded EV after the status date is not known yet: left out.
    expect(series.map((p) => (p.ev === null ? null : Math.round(p.ev)))).toEqual([null, 100_000, 360_000, null, null, null]);
  });
});

// Field labour by day (project labour-cost/{id}'s days): 30,000 before the status date and on it,
// 500,000 after it (not counted yet).
const labour = [
  { date: "2026-01-02", labour_cost: 20_000 },
  { date: "2026-01-15", labour_cost: 10_000 },
  { date: "2026-01-16", labour_cost: 500_000 },
];

describe("earned value with field labour", () => {
  it("adds the labour to date to the expenditure: AC, CPI, CV and EAC count it, its parts apart", () => {
    const s = earnedValue({ baseline, current, budget: 1_000_000, expenditures, labour, asOf: "2026-01-15" });
    // AC = 400,000 spent + 30,000 labour; EV 360,000: CPI = 360/430, CV = -70,000, EAC = 1e6 / CPI.
    expect([s.acExpenditure, s.acLabour, s.ac]).toEqual([400_000, 30_000, 430_000]);
    expect(s.cpi).toBeCloseTo(360 / 430);
    expect(s.cv).toBeCloseTo(-70_000);
    expect(s.eac).toBeCloseTo(1_000_000 / (360 / 430));
    expect(s.etc).toBeCloseTo(1_000_000 / (360 / 430) - 430_000);
    // The schedule does not move.
    expect(s.spi).toBeCloseTo(0.8);
  });

  it("without labour known (a viewer who may not see pay), AC is the expenditure alone and its labour part null", () => {
    const s = earnedValue({ baseline, current, budget: 1_000_000, expenditures, asOf: "2026-01-15" });
    expect([s.acExpenditure, s.acLabour, s.ac]).toEqual([400_000, null, 400_000]);
    expect(s.cpi).toBeCloseTo(0.9);
  });

  it("labour alone is a cost: CPI known before any expenditure", () => {
    const s = earnedValue({ baseline, current, budget: 1_000_000, expenditures: [], labour, asOf: "2026-01-15" });
    expect(s.ac).toBe(30_000);
    expect(s.cpi).toBeCloseTo(12);
    expect(s.verdict.reasons.map((r) => r.code)).not.toContain("no_cost_yet");
  });

  it("draws the actual cost line with the labour of each day up to the status date", () => {
    const series = earnedValueSeries({ baseline, current, budget: 1_000_000, expenditures, labour, asOf: "2026-01-15", from: "2026-01-01", to: "2026-01-30", stepDays: 7 });
    expect(series.map((p) => p.ac)).toEqual([0, 170_000, 430_000, null, null, null]);
  });

  it("counts the labour to each report's date in the index history's CPI, on top of the report's actual cost", () => {
    const financial = [
      { report_date: "2026-01-10", earned_value: 180_000, actual_cost: 130_000, cpi: 180 / 130 },
      { report_date: "2026-01-16", earned_value: 360_000, actual_cost: 0, cpi: null },
    ];
    const to = labourToDate(labour);
    expect([to("2026-01-01"), to("2026-01-02"), to("2026-01-14"), to("2026-01-15"), to("2026-02-01")]).toEqual([0, 20_000, 20_000, 30_000, 530_000]);
    const withLabour = indexHistory([], financial, to);
    expect(withLabour.map((p) => p.cpi)).toEqual([180_000 / 150_000, 360_000 / 530_000]);
    // Without labour: the reports' stored CPI.
    expect(indexHistory([], financial).map((p) => p.cpi)).toEqual([180 / 130, null]);
  });
});
