// The timesheet page (#/timesheet; page "timesheet") with msw answering the timesheet calls as
// docs/api.md "Timesheet" says: the search's query from the filters and the pay period picks, the
// figures of the answer in the table, a correction (PUT timesheet/correct/{id}) with its reason,
// a 409 period_locked told in the form that keeps its values, the approval's body, the CSV export.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../mocks";
import type { TimesheetData, TimesheetDayRow } from "../../src/pages/timesheet/model/types";
import { getStoredTimeZone } from "../../src/auth/session";
import { zoneOrDefault } from "../../src/lib/timeZones";
import { localOf } from "../../declaration/timesheet";
import { pickPeriod } from "../../src/pages/timesheet/model/filters";
import { DEFAULT_TIMESHEET_SETTINGS, WORKED_DAY } from "../fixtures/timesheet";
import { defaultMenus } from "../mocks/menus";
import { mockApi, renderCrud, signIn } from "./crud/harness";
import { server } from "./msw";
import { LOAD } from "./support/waits";

let api: InstalledContractMock;
let searches: URLSearchParams[];
let bodies: { method: string; path: string; body: unknown }[];
let blobs: Blob[];
let correctAnswer: { status: number; body: Record<string, unknown> };

const DAY: TimesheetDayRow = WORKED_DAY;
const { time_zone: _zone, ...RULES } = DEFAULT_TIMESHEET_SETTINGS;

const ANSWER: TimesheetData = {
  // The company's current pay period as the server answers period=current.
  from: "2026-11-01",
  to: "2026-11-30",
  settings: DEFAULT_TIMESHEET_SETTINGS,
  people: [
    {
      user_id: 7,
      name: "Ani Lestari",
      code: "E-007",
      nik: "3174041234560001",
      role_name: "Worker",
      division_name: "Civil",
      days: [DAY],
      totals: {
        worked_minutes: 2730,
        break_minutes: 300,
        regular_minutes: 2400,
        overtime_minutes: 330,
        rest_day_overtime_minutes: 0,
        days_worked: 5,
        late_days: 2,
        absent_days: 1,
        leave_days: 0,
      },
      approvals: [],
      flagged_days: 0,
      hourly_wage: null,
    },
  ],
};

beforeEach(() => {
  api = mockApi();
  api.db.seed("human-resource", [
    { id: 7, name: "Ani Lestari", email: "ani@demo.test", is_active: true },
    { id: 8, name: "Budi Santoso", email: "budi@demo.test", is_active: true },
  ]);
  searches = [];
  bodies = [];
  blobs = [];
  correctAnswer = { status: 200, body: { status: true, data: DAY } };
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return "blob:csv";
  });
  URL.revokeObjectURL = vi.fn();
  server.use(
    http.get("/api/timesheet/search", ({ request }) => {
      searches.push(new URL(request.url).searchParams);
      return HttpResponse.json({ status: true, data: ANSWER });
    }),
    http.put("/api/timesheet/correct/:id", async ({ request, params }) => {
      bodies.push({ method: "PUT", path: `timesheet/correct/${String(params.id)}`, body: await request.json() });
      return HttpResponse.json(correctAnswer.body, { status: correctAnswer.status });
    }),
    http.post("/api/timesheet/approve", async ({ request }) => {
      const body = (await request.json()) as { from: string; to: string };
      bodies.push({ method: "POST", path: "timesheet/approve", body });
      return HttpResponse.json({
        status: true,
        data: { id: 1, ...body, status: "approved", approved_by_name: "Sari", approved_at: "2026-11-30T03:00:00Z", reopened_by_name: null, reopened_at: null, reopen_reason: null },
      });
    }),
  );
});

const readBlob = (b: Blob) =>
  new Promise<string>((res) => {
    const reader = new FileReader();
    reader.onload = () => res(String(reader.result));
    reader.readAsText(b);
  });
const lastSearch = () => Object.fromEntries(searches.at(-1)!.entries());
/** The range shown: the last search's, or the answer's for period=current. */
const shownRange = () => {
  const q = lastSearch();
  return q.period ? { from: ANSWER.from, to: ANSWER.to } : { from: q.from!, to: q.to! };
};

async function openPage() {
  const r = await renderCrud("/timesheet", { roleType: "admin" });
  await screen.findByText("Ani Lestari", {}, LOAD);
  return r;
}

describe("timesheet page", () => {
  it("opens on the company's current pay period (period=current), then the filters and the period picks", async () => {
    const { user } = await openPage();
    expect(searches.map((q) => Object.fromEntries(q.entries()))).toEqual([{ period: "current" }]);
    // The range the answer covers is shown and kept by the next search.
    expect(screen.getByDisplayValue("01-11-2026")).toBeInTheDocument();
    expect(screen.getByDisplayValue("30-11-2026")).toBeInTheDocument();
    const first = { from: ANSWER.from, to: ANSWER.to };

    await user.click(screen.getByRole("combobox", { name: "Person" }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>(".ant-select-item-option")].find((o) => o.getAttribute("title") === "Budi Santoso");
      if (!found) throw new Error("no option");
      return found;
    });
    await user.click(option);
    await waitFor(() => expect(lastSearch()).toEqual({ ...first, user_id: "8" }));

    // The answer's pay period is monthly: the current period is the month holding today.
    await user.click(screen.getByRole("button", { name: "Current period" }));
    await waitFor(() => expect(lastSearch().from).toMatch(/-01$/));
    const month = lastSearch();
    expect(month.user_id).toBe("8");
    await user.click(screen.getByRole("button", { name: "Previous period" }));
    await waitFor(() => expect(lastSearch().from).not.toBe(month.from));
    expect(lastSearch().from).toMatch(/-01$/);
    expect(Date.parse(lastSearch().to!)).toBe(Date.parse(month.from!) - 86_400_000);
  });

  it("shows the answer's figures per person and day, and flips 7:30 to 7.5", async () => {
    const { user } = await openPage();
    const row = screen.getByText("Ani Lestari").closest("tr")!;
    expect(within(row).getByText("45:30")).toBeInTheDocument();
    expect(within(row).getByText("40:00")).toBeInTheDocument();
    expect(within(row).getByText("5:30")).toBeInTheDocument();
    expect(within(row).getByText("2")).toBeInTheDocument();
    expect(within(row).getByText("1")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: /expand/i }));
    expect(await screen.findByText("23-11-2026")).toBeInTheDocument();
    expect(screen.getByText(/^08:12/)).toBeInTheDocument(); // 01:12Z on Jakarta's clock
    expect(screen.getByText(/^18:30/)).toBeInTheDocument();
    expect(screen.getByText("Inside the work area")).toBeInTheDocument();
    expect(screen.getByText("Outside the work area")).toBeInTheDocument();
    expect(screen.getByText("Late 12 min")).toBeInTheDocument();
    expect(screen.getByText("Sent late")).toBeInTheDocument();
    expect(screen.getByText(/by Sari, .*: GPS lag/)).toBeInTheDocument();
    expect(screen.getByText(/^08:20/).closest("del")).not.toBeNull(); // the original, struck through

    await user.click(screen.getByRole("switch", { name: "Hours as decimals" }));
    expect(within(row).getByText("45.5")).toBeInTheDocument();
    expect(within(row).getByText("5.5")).toBeInTheDocument();
  });

  it("corrects a clock-out with its reason; a locked period's 409 is told and the form keeps its values", async () => {
    const { user } = await openPage();
    await user.click(within(screen.getByText("Ani Lestari").closest("tr")!).getByRole("button", { name: /expand/i }));
    await user.click(await screen.findByRole("button", { name: /Correct$/ }));
    const dialog = await screen.findByRole("dialog");
    const out = within(dialog).getByLabelText("Clock-out");
    expect(out).toHaveValue("23-11-2026 18:30");
    await user.clear(out);
    await user.type(out, "23-11-2026 17:00{Enter}");
    await user.type(within(dialog).getByLabelText("Reason"), "Left at five");

    correctAnswer = { status: 409, body: { status: false, key: "period_locked", message: "This period is approved: reopen it to change it." } };
    await user.click(within(dialog).getByRole("button", { name: "Save correction" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ method: "PUT", path: "timesheet/correct/31", body: { clock_out: "2026-11-23T10:00:00.000Z", reason: "Left at five" } });
    expect(await within(dialog).findByText("This period is approved: reopen it to change it.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Reason")).toHaveValue("Left at five");
    expect(within(dialog).getByLabelText("Clock-out")).toHaveValue("23-11-2026 17:00");

    correctAnswer = { status: 200, body: { status: true, data: DAY } };
    const before = searches.length;
    await user.click(within(dialog).getByRole("button", { name: "Save correction" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.body).toEqual(bodies[0]!.body);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(searches.length).toBeGreaterThan(before)); // read again
  });

  it("opens Correct on one day, cancelled, then on the next day: the next day's times are shown and only they are sent", async () => {
    const TUESDAY: TimesheetDayRow = {
      ...DAY,
      date: "2026-11-24",
      late: false,
      late_minutes: 0,
      presences: [{ ...DAY.presences[0]!, id: 32, clock_in: "2026-11-24T00:55:00.000Z", clock_out: "2026-11-24T10:05:00.000Z", corrections: [], sent_late: false }],
    };
    const days = ANSWER.people[0]!.days;
    ANSWER.people[0]!.days = [DAY, TUESDAY];
    try {
      const { user } = await openPage();
      await user.click(within(screen.getByText("Ani Lestari").closest("tr")!).getByRole("button", { name: /expand/i }));
      const correctOn = async (date: string) => {
        const row = (await screen.findByText(date)).closest("tr")!;
        await user.click(within(row).getByRole("button", { name: /Correct$/ }));
        return screen.findByRole("dialog");
      };
      let dialog = await correctOn("23-11-2026");
      expect(within(dialog).getByLabelText("Clock-in")).toHaveValue("23-11-2026 08:12");
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      dialog = await correctOn("24-11-2026");
      expect(within(dialog).getByLabelText("Clock-in")).toHaveValue("24-11-2026 07:55");
      expect(within(dialog).getByLabelText("Clock-out")).toHaveValue("24-11-2026 17:05");
      const out = within(dialog).getByLabelText("Clock-out");
      await user.clear(out);
      await user.type(out, "24-11-2026 18:45{Enter}");
      await user.type(within(dialog).getByLabelText("Reason"), "Stayed late");
      await user.click(within(dialog).getByRole("button", { name: "Save correction" }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toEqual({ method: "PUT", path: "timesheet/correct/32", body: { clock_out: "2026-11-24T11:45:00.000Z", reason: "Stayed late" } });
    } finally {
      ANSWER.people[0]!.days = days;
    }
  });

  it("shows the labour cost (person, day, each site) and a holiday when the answer carries pay, none when it does not", async () => {
    const person = ANSWER.people[0]!;
    const kept = { days: person.days, totals: person.totals, hourly_wage: person.hourly_wage };
    const HOLIDAY: TimesheetDayRow = {
      ...DAY,
      date: "2026-11-24",
      kind: "off",
      rest_kind: "holiday",
      worked_minutes: 0,
      regular_minutes: 0,
      overtime_minutes: 0,
      late: false,
      late_minutes: 0,
      presences: [],
      labour_cost: 0,
    };
    Object.assign(person, {
      days: [
        {
          ...DAY,
          labour_cost: 345_000,
          presences: [
            { ...DAY.presences[0]!, labour_cost: 172_500 },
            { ...DAY.presences[0]!, id: 33, project_name: "Depot", labour_cost: 172_500 },
          ],
        },
        HOLIDAY,
      ],
      totals: { ...person.totals, labour_cost: 1_725_000 },
      hourly_wage: 30_000,
    });
    try {
      const { user } = await openPage();
      const row = screen.getByText("Ani Lestari").closest("tr")!;
      expect(screen.getByRole("columnheader", { name: "Labour cost" })).toBeInTheDocument();
      expect(within(row).getByText(/1\.725\.000|1,725,000/)).toBeInTheDocument();
      await user.click(within(row).getByRole("button", { name: /expand/i }));
      expect(await screen.findByText(/^Depot: /)).toBeInTheDocument();
      expect(screen.getAllByText(/345[.,]000/).length).toBeGreaterThan(0);
      expect(screen.getByText("Holiday")).toBeInTheDocument();
    } finally {
      Object.assign(person, kept);
    }
    cleanup();
    await openPage();
    expect(screen.queryByRole("columnheader", { name: "Labour cost" })).toBeNull();
  });

  it("puts the people with days to check first, shows why, and can show only them", async () => {
    const flagged = {
      ...ANSWER.people[0]!,
      user_id: 9,
      name: "Zaki Zulkarnain",
      flagged_days: 1,
      hourly_wage: null,
      days: [{ ...DAY, flags: ["missing_clock_out" as const, "edit_tried" as const] }],
      approvals: [
        {
          id: 3,
          user_id: 9,
          from: "2026-11-01",
          to: "2026-11-30",
          status: "approved" as const,
          approved_by_name: "Sari",
          approved_at: "2026-11-30T03:00:00.000Z",
          reopened_by_name: null,
          reopened_at: null,
          reopen_reason: null,
          totals: ANSWER.people[0]!.totals,
          rules_changed: true,
        },
      ],
    };
    ANSWER.people.push(flagged);
    try {
      const { user } = await openPage();
      const rows = () => [...document.querySelectorAll("tr.ant-table-row-level-0")].map((r) => (r.textContent ?? "").slice(0, 40));
      expect(rows()[0]).toContain("Zaki Zulkarnain");
      expect(rows()[1]).toContain("Ani Lestari");
      const row = screen.getByText("Zaki Zulkarnain").closest("tr")!;
      expect(within(row).getByText("1 day to check")).toBeInTheDocument();
      expect(within(row).getByText("Rules changed since approval")).toBeInTheDocument();
      await user.click(within(row).getByRole("button", { name: /expand/i }));
      expect(await screen.findByText("No clock-out")).toBeInTheDocument();
      expect(screen.getByText("Edit tried while approved")).toBeInTheDocument();
      expect(screen.getAllByText("Tower A").length).toBeGreaterThan(0);
      await user.click(screen.getByRole("switch", { name: "Only people with days to check" }));
      await waitFor(() => expect(screen.queryByText("Ani Lestari")).toBeNull());
      expect(screen.getByText("Zaki Zulkarnain")).toBeInTheDocument();
    } finally {
      ANSWER.people.pop();
    }
  });

  it("approves the selected people's period at once and says who was not approved and why", async () => {
    server.use(
      http.post("/api/timesheet/approve-many", async ({ request }) => {
        bodies.push({ method: "POST", path: "timesheet/approve-many", body: await request.json() });
        return HttpResponse.json({ status: true, data: { approved: [], skipped: [{ user_id: 7, key: "unresolved_exceptions", dates: ["2026-11-23"] }] } });
      }),
    );
    const { user } = await openPage();
    const { from, to } = shownRange();
    const approve = screen.getByRole("button", { name: "Approve selected (0)" });
    expect(approve).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Choose Ani Lestari" }));
    await user.click(screen.getByRole("button", { name: "Approve selected (1)" }));
    await user.click(within(await screen.findByRole("tooltip")).getByRole("button", { name: "Approve period" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ method: "POST", path: "timesheet/approve-many", body: { user_ids: [7], from, to } });
    expect(await screen.findByText(/0 approved, 1 not approved\. · Ani Lestari: resolve 23-11-2026 first/)).toBeInTheDocument();
  });

  it("offers no box to choose one's own row for approving at once (nobody signs off their own)", async () => {
    // The signed-in admin (id 1) on the timesheet beside Ani.
    ANSWER.people.push({ ...ANSWER.people[0]!, user_id: 1, name: "Admin Demo" });
    try {
      await openPage();
      await screen.findByText("Admin Demo");
      expect(screen.getByRole("checkbox", { name: "Choose Ani Lestari" })).toBeEnabled();
      expect(screen.getByRole("checkbox", { name: "Choose Admin Demo" })).toBeDisabled();
    } finally {
      ANSWER.people.pop();
    }
  });

  it("asks for the reason before sending a correction", async () => {
    const { user } = await openPage();
    await user.click(within(screen.getByText("Ani Lestari").closest("tr")!).getByRole("button", { name: /expand/i }));
    await user.click(await screen.findByRole("button", { name: /Correct$/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Save correction" }));
    expect(await within(dialog).findByText("Give the reason.")).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("sets the company's rules (edit right): the modal shows them, a 400 is told under its field with the values kept, then saved and read again", async () => {
    let answer: { status: number; body: Record<string, unknown> } = {
      status: 400,
      body: { status: false, key: "bad_request", message: "Check the fields.", errors: { overtime_daily_minutes: "At most 1440." } },
    };
    server.use(
      http.put("/api/timesheet/settings", async ({ request }) => {
        bodies.push({ method: "PUT", path: "timesheet/settings", body: await request.json() });
        return HttpResponse.json(answer.body, { status: answer.status });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: /Rules$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Timesheet rules of the company" });
    expect(within(dialog).getByLabelText("Overtime after, per day")).toHaveValue("8 h"); // 480 minutes, as durations read
    expect(within(dialog).getByText("Monthly")).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText("Pay period"));
    await user.click(await screen.findByTitle("Weekly"));
    await user.clear(within(dialog).getByLabelText("Overtime after, per day"));
    await user.type(within(dialog).getByLabelText("Overtime after, per day"), "7 h");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      method: "PUT",
      path: "timesheet/settings",
      // The rules the modal shows, as the company has them but for the time zone (not among them).
      body: { ...RULES, pay_period: "weekly", overtime_daily_minutes: 420 },
    });
    expect(await within(dialog).findByText("At most 1440.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Overtime after, per day")).toHaveValue("7 h");

    answer = { status: 200, body: { status: true, data: { ...ANSWER.settings, pay_period: "weekly", overtime_daily_minutes: 420 } } };
    const before = searches.length;
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.body).toEqual(bodies[0]!.body);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(searches.length).toBeGreaterThan(before)); // read again
  });

  it("offers the thresholds but not the pay rules (work week, multipliers) to who may not edit pay rates, and sends none of them", async () => {
    server.use(
      http.put("/api/timesheet/settings", async ({ request }) => {
        bodies.push({ method: "PUT", path: "timesheet/settings", body: await request.json() });
        return HttpResponse.json({ status: true, message: "ok", data: ANSWER.settings });
      }),
    );
    const { user } = await renderCrud("/timesheet", { roleType: "supervisor", menus: defaultMenus({ "pay-rate": { can_add: false, can_edit: false, can_delete: false } }) });
    await screen.findByText("Ani Lestari", {}, LOAD);
    await user.click(screen.getByRole("button", { name: /Rules$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Timesheet rules of the company" });
    expect(within(dialog).getByLabelText("Overtime after, per day")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/work days/i)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(Object.keys(bodies[0]!.body as object).sort()).toEqual(["hours_format", "overtime_daily_minutes", "overtime_weekly_minutes", "pay_period"]);
  });

  it("offers no rules button without the edit right", async () => {
    await renderCrud("/timesheet", { roleType: "worker", menus: defaultMenus({ timesheet: { can_add: false, can_edit: false, can_delete: false } }) });
    await screen.findByText("Ani Lestari", {}, LOAD);
    expect(screen.queryByRole("button", { name: /Rules$/ })).toBeNull();
  });

  it("approves the person's period shown", async () => {
    const { user } = await openPage();
    const { from, to } = shownRange();
    await user.click(within(screen.getByText("Ani Lestari").closest("tr")!).getByRole("button", { name: "Approve period" }));
    await user.click(within(await screen.findByRole("tooltip")).getByRole("button", { name: "Approve period" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ method: "POST", path: "timesheet/approve", body: { user_id: 7, from, to } });
    expect(await screen.findByText("The period is approved.")).toBeInTheDocument();
  });

  it("exports what is shown as CSV for a payroll: the employee id and NIK, ISO dates, decimal hours with a dot, a row per day and the person's totals", async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole("button", { name: /CSV$/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await readBlob(blobs[0]!)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Employee ID","NIK","Name","Role","Division","Date","Time zone","Site","Shift","Status","Clock-in","Clock-out","Clock-in place","Clock-out place","Break","Worked","Regular","Overtime","Rest-day / holiday overtime","Late (min)","Sent late","Corrections","Locked"',
    );
    expect(lines[1]).toBe(
      '"E-007","3174041234560001","Ani Lestari","Worker","Civil","2026-11-23","Asia/Jakarta","Tower A","Morning","Worked, Late 12 min","2026-11-23 08:12","2026-11-23 18:30","Inside the work area","Outside the work area","1","9.5","8","1.5","","12","Yes","Yes",""',
    );
    expect(lines[2]).toBe(
      '"E-007","3174041234560001","Ani Lestari","Worker","Civil","","","","","Total: 5 days worked, 2 late, 1 absent, 0 on leave","","","","","5","45.5","40","5.5","0","","","",""',
    );
    expect(lines).toHaveLength(3);
  });

  it("collapses to a card per person on a phone, the days under a toggle", async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes("max-width: 767.98px") })) as typeof window.matchMedia;
    try {
      const { user } = await openPage();
      const card = screen.getByText("Ani Lestari").closest(".ant-card")! as HTMLElement;
      expect(document.querySelector(".ant-table")).toBeNull();
      expect(within(card).getByText("45:30")).toBeInTheDocument();
      await user.click(within(card).getByRole("button", { name: "Show days" }));
      expect(await within(card).findByText("23-11-2026")).toBeInTheDocument();
      expect(within(card).getByText("Worked 9:30 · regular 8:00 · overtime 1:30 · break 1:00")).toBeInTheDocument();
      expect(within(card).getByRole("button", { name: /Correct$/ })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it("opens the person's daily report (its route, the person as filter) and waypoint monitoring", async () => {
    const waypointBodies: unknown[] = [];
    server.use(
      http.post("/legacy/waypoint-monitoring/:userId/search", async ({ request, params }) => {
        waypointBodies.push({ userId: params.userId, body: await request.json() });
        return HttpResponse.json({
          status: true,
          data: [{ user_id: 7, wptime: "2026-11-23T02:00:00.000Z", lat: "-6.200000", lon: "106.816666" }],
          recordsTotal: 1,
          recordsFiltered: 1,
        });
      }),
    );
    const { user, location } = await openPage();
    const { from, to } = shownRange();
    const row = screen.getByText("Ani Lestari").closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Waypoints" }));
    const drawer = await screen.findByRole("dialog", { name: "Waypoints of Ani Lestari" });
    expect(await within(drawer).findByText("-6.20000, 106.81667")).toBeInTheDocument();
    expect(waypointBodies).toEqual([
      {
        userId: "7",
        body: {
          paging: { start: 0, length: -1 },
          columns: [{ data: "wptime", value: new Date(`${from}T00:00:00+07:00`).toISOString(), value1: new Date(`${to}T23:59:59.999+07:00`).toISOString(), operator: "range" }],
          orders: { columns: ["wptime"], ascending: true },
        },
      },
    ]);
    await user.click(within(drawer).getByRole("button", { name: /close/i }));

    await user.click(within(row).getByRole("button", { name: "Daily report" }));
    await waitFor(() => expect(location.pathname).toBe("/employee-daily-report"));
    expect(location.search).toContain("filters[0][field]=user_id");
    expect(location.search).toContain("filters[0][value]=7");
  });

  it("shows who approved the period and reopens it with a reason", async () => {
    const approved = {
      id: 5,
      from: "2026-11-23",
      to: "2026-11-29",
      status: "approved" as const,
      approved_by_name: "Sari",
      approved_at: "2026-11-30T03:00:00.000Z",
      reopened_by_name: null,
      reopened_at: null,
      reopen_reason: null,
      user_id: 7,
      totals: null,
      rules_changed: false,
    };
    ANSWER.people[0]!.approvals = [approved];
    server.use(
      http.post("/api/timesheet/reopen", async ({ request }) => {
        bodies.push({ method: "POST", path: "timesheet/reopen", body: await request.json() });
        return HttpResponse.json({ status: true, data: [{ ...approved, status: "reopened" }] });
      }),
    );
    try {
      const { user } = await openPage();
      const { from, to } = shownRange();
      const row = screen.getByText("Ani Lestari").closest("tr")!;
      expect(within(row).getByText(/^23-11-2026 – 29-11-2026 approved by Sari, 30-11-2026 10:00:00/)).toBeInTheDocument();
      expect(within(row).queryByRole("button", { name: "Approve period" })).toBeNull();
      await user.click(within(row).getByRole("button", { name: "Reopen" }));
      const dialog = await screen.findByRole("dialog");
      await user.click(within(dialog).getByRole("button", { name: "Reopen" }));
      expect(await within(dialog).findByText("Give the reason.")).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText("Reason"), "Wrong overtime");
      await user.click(within(dialog).getByRole("button", { name: "Reopen" }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toEqual({ method: "POST", path: "timesheet/reopen", body: { user_id: 7, from, to, reason: "Wrong overtime" } });
      expect(await screen.findByText("The period is reopened.")).toBeInTheDocument();
    } finally {
      ANSWER.people[0]!.approvals = [];
    }
  });
});

// The same page against the contract mock's timesheet (tests/mocks/timesheet.ts: the server's
// computation and checks), no handler of this file in between: the approval locks the days, and a
// correction inside them is refused with the server's 409 period_locked, told in the form.
describe("timesheet page against the contract mock", () => {
  it("approves the week, and a correction of a locked day is refused with the form kept", async () => {
    server.resetHandlers();
    api = mockApi();
    api.db.seed("human-resource", [{ id: 7, name: "Ani Lestari", email: "ani@demo.test", is_active: true }]);
    api.db.seed("project", [{ id: 1, name: "Tower", code: "T1", start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Jakarta" }]);
    // The period the page opens on: the mock company's (monthly) holding today, on its clock (WIB).
    await signIn();
    const zone = zoneOrDefault(getStoredTimeZone());
    const week = pickPeriod("monthly", "current", { from: "" }, zone);
    const today = localOf(Date.now(), zone).date;
    api.db.seed("presence", [
      {
        id: 41,
        user_id: 7,
        project_id: 1,
        presence_date: today,
        clock_in: `${today}T08:00:00+07:00`,
        clock_out: `${today}T17:00:00+07:00`,
        work_area_in: "inside",
        work_area_out: "inside",
        presence_status: "present",
      },
    ]);
    const { user } = await renderCrud("/timesheet", { roleType: "admin" });
    const row = (await screen.findByText("Ani Lestari", {}, LOAD)).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Approve period" }));
    await user.click(within(await screen.findByRole("tooltip")).getByRole("button", { name: "Approve period" }));
    expect(await screen.findByText("The period is approved.")).toBeInTheDocument();
    expect(api.requests("POST", "timesheet/approve")[0]!.body).toEqual({ user_id: 7, from: week.from, to: week.to });
    await waitFor(() => expect(within(screen.getByText("Ani Lestari").closest("tr")!).getByRole("button", { name: "Reopen" })).toBeInTheDocument());

    await user.click(within(screen.getByText("Ani Lestari").closest("tr")!).getByRole("button", { name: /expand/i }));
    await user.click(await screen.findByRole("button", { name: /Correct$/ }));
    const dialog = await screen.findByRole("dialog");
    const out = within(dialog).getByLabelText("Clock-out");
    await user.clear(out);
    await user.type(out, `${today.split("-").reverse().join("-")} 16:30{Enter}`);
    await user.type(within(dialog).getByLabelText("Reason"), "Left early");
    await user.click(within(dialog).getByRole("button", { name: "Save correction" }));
    expect(await within(dialog).findByText("This day is in an approved timesheet period. Reopen the period before correcting it.")).toBeInTheDocument();
    expect(api.requests("PUT", "timesheet/correct/41")[0]!.body).toEqual({ clock_out: new Date(`${today}T16:30:00+07:00`).toISOString(), reason: "Left early" });
    expect(within(dialog).getByLabelText("Reason")).toHaveValue("Left early");
    expect(api.db.rows("presence")[0]!.clock_out).toBe(`${today}T17:00:00+07:00`);
  });
});
