// The home dashboard against the contract mock: each card's own request and figures, a card's
// error shown without breaking the others, cards hidden without their menu, the attendance card
// following the event stream, and the Indonesian texts.
import "@ant-design/v5-patch-for-react-19";
import { Suspense } from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { ConfigProvider } from "antd";
import { Refine } from "@refinedev/core";
import { routerProvider } from "../../src/shell/routerProvider";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays, mondayOf } from "../../declaration/timesheet";
import HomePage from "../../src/pages/home/HomePage";
import { buildRefineResources } from "../../src/crud/resources";
import { antdLocale } from "../../src/i18n";
import { LiveRoot } from "../../src/live/LiveRoot";
import { stopLive } from "../../src/live/connection";
import { authProvider } from "../../src/providers/authProvider";
import { accessControlProvider } from "../../src/providers/accessControlProvider";
import { dataProvider } from "../../src/providers/dataProvider";
import { i18nProvider } from "../../src/providers/i18nProvider";
import { notificationProvider } from "../../src/providers/notificationProvider";
import { localParts } from "../../server/field/zones";
import { defaultMenus, installContractMock, type InstalledContractMock, type MockMenu } from "../mocks";
import { dayFromToday } from "../../src/pages/home/model/dashboard";
import { signIn } from "./crud/harness";
import { server } from "./msw";
import { LOAD } from "./support/waits";

let api: InstalledContractMock;

function seed(mock: InstalledContractMock) {
  const today = localParts(Date.now(), "Asia/Jakarta").date;
  mock.db.seed("human-resource", [
    { id: 1, name: "Admin Demo", email: "admin@demo.test" },
    { id: 2, name: "Budi", email: "budi@demo.test" },
    { id: 3, name: "Citra", email: "citra@demo.test" },
    { id: 4, name: "Dewi", email: "dewi@demo.test" },
    { id: 5, name: "Eko", email: "eko@demo.test" },
  ]);
  mock.db.seed("project", [
    { id: 1, name: "Tower One", code: "P1", status: "in_progress" },
    { id: 2, name: "Annex", code: "P2", status: "in_progress" },
    { id: 3, name: "Gudang", code: "P3", status: "completed" },
  ]);
  // It is 12:00 in Jakarta on a Wednesday (beforeEach): Pagi has begun.
  mock.db.seed("shift", [{ id: 1, name: "Pagi", start_time: "08:00", end_time: "17:00", break_minutes: 60, grace_minutes: 15 }]);
  mock.db.seed("user-to-shift", [
    { id: 1, user_id: 2, shift_id: 1, start_date: "2026-01-01" },
    { id: 2, user_id: 3, shift_id: 1, start_date: "2026-01-01" },
  ]);
  // As the timesheet counts: Admin in at 08:00 (no shift: present), Budi in at 09:00 on Pagi
  // (late, outside), Citra on Pagi not in (absent), Dewi sick, Eko nothing (no shift).
  mock.db.seed("presence", [
    { id: 1, user_id: 1, project_id: 1, presence_date: today, presence_status: "present", work_area_in: "inside", clock_in: `${today}T01:00:00.000Z` },
    { id: 2, user_id: 2, project_id: 1, presence_date: today, presence_status: "late", work_area_in: "outside", clock_in: `${today}T02:00:00.000Z` },
    { id: 4, user_id: 4, project_id: 2, presence_date: today, presence_status: "sick" },
    { id: 5, user_id: 2, project_id: 1, presence_date: "2020-01-01", presence_status: "present", work_area_in: "outside", clock_in: "2020-01-01T01:00:00.000Z" },
  ]);
  mock.db.seed("panic-button", [
    { id: 1, user_id: 2, project_id: 1, alert_time: "2026-11-20T01:00:00.000Z", status: "open" },
    { id: 2, user_id: 2, project_id: 2, alert_time: "2026-11-21T01:00:00.000Z", status: "open" },
    { id: 3, user_id: 2, project_id: 2, alert_time: "2026-11-19T01:00:00.000Z", status: "resolved" },
  ]);
  mock.db.seed("project-milestone", [
    { id: 1, project_id: 1, title: "Foundation poured", due_date: "2020-01-01", status: "planned" },
    { id: 2, project_id: 1, title: "Roof", due_date: "2099-01-01", status: "planned" },
    { id: 3, project_id: 2, title: "Site cleared", due_date: "2020-02-01", status: "achieved" },
  ]);
  mock.db.seed("project-approval", [
    { id: 1, project_id: 1, title: "Budget", approver_id: 1, status: "pending" },
    { id: 2, project_id: 1, title: "Design", approver_id: 2, status: "pending" },
    { id: 3, project_id: 2, title: "Scope", approver_id: 1, status: "approved" },
  ]);
  mock.db.seed("request-material", [
    { id: 1, project_id: 1, material_resource_id: 1, quantity: 5, required_date: "2026-12-01", status: "requested" },
    { id: 2, project_id: 1, material_resource_id: 1, quantity: 2, required_date: "2026-12-01", status: "requested" },
    { id: 3, project_id: 2, material_resource_id: 1, quantity: 1, required_date: "2026-12-01", status: "approved" },
  ]);
  mock.db.seed("req-tools", [{ id: 1, project_id: 1, tools_resource_id: 1, quantity: 1, required_date: "2026-12-01", status: "requested" }]);
  mock.db.seed("project-schedule-health", [
    { id: 1, project_id: 1, report_date: "2026-10-01", planned_progress: 10, actual_progress: 10, status: "healthy" },
    { id: 2, project_id: 1, report_date: "2026-11-01", planned_progress: 30, actual_progress: 10, status: "critical" },
    { id: 3, project_id: 2, report_date: "2026-11-01", planned_progress: 30, actual_progress: 25, status: "at_risk" },
    { id: 4, project_id: 3, report_date: "2026-11-01", planned_progress: 100, actual_progress: 100, status: "healthy" },
  ]);
  mock.db.seed("project-financial-health", [{ id: 1, project_id: 1, report_date: "2026-11-01", planned_value: 1, earned_value: 1, actual_cost: 1, status: "healthy" }]);
  mock.db.seed("permit", [
    { id: 1, user_id: 2, permit_type: "work_permit", absent_date: "2026-01-01", end_date: dayFromToday(2, "Asia/Jakarta"), reason: "Hot work", status: "approved" },
    { id: 2, user_id: 2, permit_type: "work_permit", absent_date: "2026-01-01", end_date: dayFromToday(30, "Asia/Jakarta"), reason: "Later", status: "approved" },
    { id: 3, user_id: 2, permit_type: "work_permit", absent_date: "2026-01-01", end_date: dayFromToday(1, "Asia/Jakarta"), reason: "Pending", status: "pending" },
    { id: 4, user_id: 2, permit_type: "leave", absent_date: "2026-01-01", end_date: dayFromToday(1, "Asia/Jakarta"), reason: "Leave", status: "approved" },
  ]);
}

async function renderHome(o: { menus?: MockMenu[]; lang?: "en" | "id"; live?: boolean; overrides?: () => void; roleType?: string } = {}) {
  const menus = o.menus ?? defaultMenus();
  api = installContractMock(server, { menus });
  o.overrides?.(); // after the mock: msw tries the handlers added last first
  seed(api);
  await signIn({ menus, lang: o.lang ?? "en", roleType: o.roleType });
  return render(
    <ConfigProvider locale={antdLocale()}>
      <MemoryRouter initialEntries={["/"]}>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={notificationProvider}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          resources={buildRefineResources()}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
        >
          <Suspense fallback={<div>Loading...</div>}>
            <Routes>
              <Route index element={<HomePage />} />
            </Routes>
          </Suspense>
          {o.live ? <LiveRoot /> : null}
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

/** The value shown beside a figure. */
const figure = async (testId: string) => (await screen.findByTestId(testId, {}, LOAD)).querySelector("dd")?.textContent;
const card = (testId: string) => screen.getByTestId(testId);

afterEach(() => {
  stopLive();
  vi.useRealTimers();
});

/** 12:00 in Jakarta on the latest Wednesday (only Date is faked; it goes on). */
function atNoonOnWednesday() {
  const today = localParts(Date.now(), "Asia/Jakarta").date;
  const wednesday = addDays(mondayOf(today), 2) <= today ? addDays(mondayOf(today), 2) : addDays(mondayOf(today), -5);
  vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(`${wednesday}T05:00:00Z`), shouldAdvanceTime: true });
}

describe("the home dashboard", () => {
  beforeEach(() => {
    localStorage.clear();
    atNoonOnWednesday();
  });

  it("shows each card's figures from its own request, with links to the screens behind them", async () => {
    await renderHome();
    await waitFor(async () => expect(await figure("projects-total")).toBe("3"), LOAD);
    expect(await figure("projects-in_progress")).toBe("2");
    expect(await figure("projects-completed")).toBe("1");
    expect(await figure("projects-on_hold")).toBe("0");
    const status = api.requests("POST", "dashboard-status/search");
    expect(status).toHaveLength(1);
    expect(JSON.stringify(status[0].body)).toContain('"kind"');

    expect(await figure("attendance-present")).toBe("1");
    expect(await figure("attendance-late")).toBe("1");
    expect(await figure("attendance-absent")).toBe("1");
    expect(await figure("attendance-leave")).toBe("1");
    expect(await figure("attendance-outside")).toBe("1");
    expect(api.requests("GET", "presence/attendance-today")).toHaveLength(1);

    await waitFor(async () => expect(await figure("panic-open")).toBe("2"), LOAD);
    expect(
      within(card("card-panic"))
        .getAllByRole("link")
        .map((a) => a.getAttribute("href"))
        .slice(1),
    ).toEqual(["/panic-button/show/2", "/panic-button/show/1"]);
    await waitFor(async () => expect(await figure("milestones-overdue")).toBe("1"), LOAD);
    expect(within(card("card-milestones")).getByText(/Foundation poured/)).toBeInTheDocument();
    await waitFor(async () => expect(await figure("waiting-approvals")).toBe("1"), LOAD);
    expect(await figure("waiting-materials")).toBe("2");
    expect(await figure("waiting-tools")).toBe("1");
    expect(JSON.stringify(api.requests("POST", "project-approval/search")[0].body)).toContain('"approver_id"');
    await waitFor(async () => expect(await figure("permits-expiring")).toBe("1"), LOAD);
    expect(within(card("card-permits")).getByText("Budi")).toBeInTheDocument();

    const schedule = await screen.findByTestId("health-schedule", {}, LOAD);
    await waitFor(() => expect(within(schedule).getByText("Critical: 1")).toBeInTheDocument(), LOAD);
    expect(within(schedule).getByText("At risk: 1")).toBeInTheDocument();
    expect(within(schedule).getByText("Healthy: 0")).toBeInTheDocument();
    const cost = screen.getByTestId("health-cost");
    expect(within(cost).getByText("Healthy: 1")).toBeInTheDocument();
    expect(within(cost).getByText("No report: 1")).toBeInTheDocument();
    expect(screen.getByText("2 active projects")).toBeInTheDocument();

    expect(within(card("card-projects")).getByRole("link", { name: "Open" })).toHaveAttribute("href", "/project");
    // Today's timesheet: the people the attendance card counted, each with their day.
    const today = localParts(Date.now(), "Asia/Jakarta").date;
    expect(within(card("card-attendance")).getByRole("link", { name: "Open" })).toHaveAttribute("href", `/timesheet?from=${today}&to=${today}`);
  });

  it("links each card to its list filtered to what it counted, on the company's days", async () => {
    await renderHome();
    await waitFor(async () => expect(await figure("milestones-overdue")).toBe("1"), LOAD);
    const today = localParts(Date.now(), "Asia/Jakarta").date;
    const hrefOf = (testId: string) => decodeURIComponent(within(card(testId)).getAllByRole("link", { name: "Open" })[0]!.getAttribute("href")!);
    expect(hrefOf("card-panic")).toBe("/panic-button?currentPage=1&pageSize=10&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=open");
    expect(hrefOf("card-milestones")).toBe(
      `/project-milestone?currentPage=1&pageSize=10&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=planned&filters[1][field]=due_date&filters[1][operator]=between&filters[1][value][0]=&filters[1][value][1]=${addDays(today, -1)}`,
    );
    expect(hrefOf("card-permits")).toContain(`filters[2][field]=end_date&filters[2][operator]=between&filters[2][value][0]=${today}&filters[2][value][1]=${addDays(today, 7)}`);
    expect(decodeURIComponent(screen.getByRole("link", { name: "Approvals →" }).getAttribute("href")!)).toContain(
      "filters[1][field]=approver_id&filters[1][operator]=eq&filters[1][value]=1",
    );
  });

  it("shows a field role no office card: only their way to the field page", async () => {
    await renderHome({ roleType: "worker" });
    const field = await screen.findByTestId("card-field", {}, LOAD);
    expect(within(field).getByRole("link", { name: "Open" })).toHaveAttribute("href", "/field");
    expect(within(field).getByText(/Clock in and out/)).toBeInTheDocument();
    for (const id of ["card-projects", "card-attendance", "card-panic", "card-milestones", "card-waiting", "card-health", "card-permits"])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(api.requests("GET", "presence/attendance-today")).toHaveLength(0);
    expect(api.requests("POST", "panic-button/search")).toHaveLength(0);
    expect(api.requests("POST", "permit/search")).toHaveLength(0);
  });

  it("shows a card's error without breaking the others", async () => {
    await renderHome({
      overrides: () => server.use(http.post(/\/api\/panic-button\/search$/, () => HttpResponse.json({ status: false, key: "server_error", message: "Boom" }, { status: 500 }))),
    });
    expect(await within(await screen.findByTestId("card-panic", {}, LOAD)).findByText("This card could not be loaded. Try again later.", {}, LOAD)).toBeInTheDocument();
    await waitFor(async () => expect(await figure("milestones-overdue")).toBe("1"), LOAD);
    expect(await figure("attendance-present")).toBe("1");
    expect(within(card("card-milestones")).queryByText("This card could not be loaded. Try again later.")).toBeNull();
  });

  it("hides a card without its menu and asks nothing for it", async () => {
    await renderHome({ menus: defaultMenus({ "panic-button": false, presence: false, "request-material": false }) });
    await waitFor(async () => expect(await figure("projects-total")).toBe("3"), LOAD);
    await waitFor(async () => expect(await figure("waiting-tools")).toBe("1"), LOAD);
    expect(screen.queryByTestId("card-panic")).toBeNull();
    expect(screen.queryByTestId("card-attendance")).toBeNull();
    expect(screen.queryByTestId("waiting-materials")).toBeNull();
    expect(api.requests("POST", "panic-button/search")).toHaveLength(0);
    expect(api.requests("GET", "presence/attendance-today")).toHaveLength(0);
    expect(api.requests("POST", "request-material/search")).toHaveLength(0);
  });

  it("counts today's attendance again when a presence event comes", async () => {
    await renderHome({ live: true });
    await waitFor(async () => expect(await figure("attendance-present")).toBe("1"), LOAD);
    const today = localParts(Date.now(), "Asia/Jakarta").date;
    const row = api.db.insert("presence", {
      user_id: 5,
      project_id: 2,
      presence_date: today,
      presence_status: "present",
      work_area_in: "outside",
      clock_in: new Date().toISOString(),
    });
    await waitFor(() => expect(api.events.open()).toBeGreaterThan(0), LOAD);
    api.events.pushEvent("presence", { action: "clock_in", presence: row });
    await waitFor(async () => expect(await figure("attendance-present")).toBe("2"), LOAD);
    expect(await figure("attendance-outside")).toBe("2");
    expect(api.requests("GET", "presence/attendance-today").length).toBeGreaterThanOrEqual(2);
  });

  it("speaks Indonesian", async () => {
    await renderHome({ lang: "id" });
    expect(await screen.findByRole("heading", { name: "Kehadiran hari ini" }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Proyek menurut status" })).toBeInTheDocument();
    await waitFor(() => expect(within(card("card-attendance")).getByText("Di luar area kerja")).toBeInTheDocument(), LOAD);
  });
});
