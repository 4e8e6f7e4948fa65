// The home dashboard's health figures (src/pages/home/model/dashboard.ts): the latest report of
// each active project counts, older ones and inactive projects do not; projects without one are
// "unreported".
import { describe, expect, it } from "vitest";
import { healthOf } from "../../src/pages/home/model/dashboard";

describe("healthOf", () => {
  it("counts the latest report of each active project by status", () => {
    const reports = [
      { id: 1, project_id: 1, report_date: "2026-10-01", status: "healthy" },
      { id: 2, project_id: 1, report_date: "2026-11-01", status: "critical" },
      { id: 3, project_id: 2, report_date: "2026-11-01", status: "healthy" },
      { id: 4, project_id: 2, report_date: "2026-11-01", status: "at_risk" }, // same day: the later id
      { id: 5, project_id: 9, report_date: "2026-11-01", status: "critical" }, // not active
    ];
    expect(healthOf(reports, new Set([1, 2, 3]))).toEqual({ healthy: 0, at_risk: 1, critical: 1, unreported: 1 });
    expect(healthOf([], new Set())).toEqual({ healthy: 0, at_risk: 0, critical: 0, unreported: 0 });
  });
});
