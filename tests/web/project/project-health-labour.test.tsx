// The health tab with field labour (project labour-cost/{id} through the contract mock, the
// server's own computation over the mock's presences and pay rates): for who may see pay, actual
// cost is the expenditure plus the labour, each shown apart, with the people without a pay rate
// said; for who may not, the tab is as before and the labour is never asked (a 403 would sign out).
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultMenus, type InstalledContractMock } from "../../mocks";
import { mockApi, renderCrud } from "../crud/harness";
import { LOAD } from "../support/waits";

/** Monday 5 January 2026. */
const MONDAY = "2026-01-05";
let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("project", [{ id: 2, name: "Tower A", code: "P-002", start_date: MONDAY, end_date: "2026-02-04", status: "in_progress", budget: 1_000_000 }]);
  api.db.seed("version-gantt", [{ id: 1, project_id: 2, name: "Baseline", version_no: 1, is_baseline: true }]);
  api.db.seed("activity", [
    { id: 10, project_id: 2, version_gantt_id: 1, parent_id: null, name: "Build", type: "task", start_date: MONDAY, end_date: "2026-02-04", weight: 100, progress: 50 },
  ]);
  api.db.seed("project-expenditure", [{ id: 1, project_id: 2, title: "Cement", category: "material", amount: 100_000, expense_date: "2026-01-06" }]);
  api.db.seed("human-resource", [
    { id: 51, name: "Wati", email: "wati@demo.test", role_id: 1 },
    { id: 52, name: "Budi", email: "budi@demo.test", role_id: 1 },
  ]);
  // 5,190,000 a month: 30,000 an hour. Budi has none.
  api.db.seed("pay-rate", [{ id: 1, user_id: 51, monthly_wage: 5_190_000 }]);
  const presence = (id: number, userId: number) => ({
    id,
    user_id: userId,
    project_id: 2,
    presence_date: MONDAY,
    clock_in: `${MONDAY}T01:00:00.000Z`,
    clock_out: `${MONDAY}T09:00:00.000Z`,
    presence_status: "present",
  });
  // 8 hours each on a Monday: Wati's cost 240,000, Budi's 0.
  api.db.seed("presence", [presence(1, 51), presence(2, 52)]);
});

const figure = (key: string) => screen.getByTestId(`health-${key}`).querySelector(".ant-statistic-content-value")?.textContent ?? "";
const digits = (s: string) => Number(s.replace(/\D/g, ""));

describe("project health tab: field labour", () => {
  it("counts the labour into actual cost and CPI, shows expenditure and labour apart and says who has no pay rate", async () => {
    await renderCrud("/project/show/2/health");
    expect(await screen.findByTestId("health-acLabour", {}, LOAD)).toBeInTheDocument();
    expect(digits(figure("acLabour"))).toBe(240_000);
    expect(digits(figure("acExpenditure"))).toBe(100_000);
    expect(digits(figure("ac"))).toBe(340_000);
    expect(screen.getByText("1 person without a pay rate: their hours count, their cost 0.")).toBeInTheDocument();
    expect(screen.getByText(/actual cost from the expenditure plus the field labour/)).toBeInTheDocument();
    expect(api.requests("GET", "project/labour-cost/2")).toHaveLength(1);
  });

  it("without the pay-rate menu: actual cost is the expenditure, no labour figures, and the labour is never asked", async () => {
    await renderCrud("/project/show/2/health", { menus: defaultMenus({ "pay-rate": false }) });
    expect(await screen.findByTestId("health-ac", {}, LOAD)).toBeInTheDocument();
    expect(digits(figure("ac"))).toBe(100_000);
    expect(screen.queryByTestId("health-acLabour")).toBeNull();
    expect(screen.queryByTestId("health-acExpenditure")).toBeNull();
    expect(api.requests("GET", /labour-cost/)).toHaveLength(0);
  });
});
