// Times in the generated screens in a UTC browser (jsdom in a UTC process): a presence list, its
// show page and its CSV export show each row's times on its site's clock (the row's project's
// zone from project/time-zones, else the company's) with the zone's abbreviation; a time typed
// into a form is read on the clock of the project chosen in it; a timezone field offers
// Indonesia's zones first.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { inProcessZone } from "../../unit/processZone";
import { control, mockApi, pick, renderCrud, rowTexts, waitForRows, waitForTitle } from "./harness";
import { LOAD } from "../support/waits";

inProcessZone("UTC");

let api: InstalledContractMock;
let blobs: Blob[];

beforeEach(() => {
  api = mockApi();
  blobs = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return "blob:csv";
  });
  URL.revokeObjectURL = vi.fn();
  // A company in WIB with a site in Jakarta (its zone left empty) and one in Makassar (WITA).
  api.db.seed("company-management", [{ id: 1, name: "PT Demo", code: "DEMO", email: "demo@demo.test", status: "active", time_zone: "Asia/Jakarta" }]);
  api.db.seed("project", [
    { id: 1, name: "Tower Jakarta", code: "TJ", status: "in_progress", time_zone: null },
    { id: 2, name: "Makassar site", code: "MK", status: "in_progress", time_zone: "Asia/Makassar" },
  ]);
  api.db.seed("human-resource", [{ id: 5, name: "Budi", email: "budi@demo.test" }]);
  // Both clocked in at 07:58 on their site's clock.
  api.db.seed("presence", [
    { id: 1, user_id: 5, project_id: 1, presence_date: "2026-11-25", clock_in: "2026-11-25T00:58:00.000Z", clock_out: "2026-11-25T10:02:30.000Z", presence_status: "present" },
    { id: 2, user_id: 5, project_id: 2, presence_date: "2026-11-24", clock_in: "2026-11-23T23:58:00.000Z", clock_out: null, presence_status: "late" },
  ]);
});

const csvOf = (blob: Blob) =>
  new Promise<string>((res) => {
    const reader = new FileReader();
    reader.onload = () => res(String(reader.result).replace(/^\uFEFF/, ""));
    reader.readAsText(blob);
  });

describe("times on the site's clock in a UTC browser", () => {
  it("the list shows each row's times in its project's zone, else the company's, with the abbreviation", async () => {
    await renderCrud("/presence");
    await waitForTitle("Attendance");
    await waitForRows(2);
    await waitFor(() => expect(rowTexts().flat()).toContain("24-11-2026 07:58:00 WITA"), LOAD);
    const [jakarta, makassar] = [...rowTexts()].sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(jakarta).toEqual(expect.arrayContaining(["25-11-2026 07:58:00 WIB", "25-11-2026 17:02:30 WIB"]));
    expect(makassar).toEqual(expect.arrayContaining(["24-11-2026 07:58:00 WITA", "-"]));
    // Not the browser's clock.
    expect(rowTexts().flat()).not.toContain("25-11-2026 00:58:00");
    expect(api.requests("GET", "project/time-zones")).toHaveLength(1);
  });

  it("the show page shows the record's times on its site's clock", async () => {
    await renderCrud("/presence/show/2");
    await waitForTitle("Attendance record details");
    expect(await screen.findByText("24-11-2026 07:58:00 WITA", undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByText(/23-11-2026 23:58:00/)).toBeNull();
  });

  it("the CSV export writes each row's times on its site's clock", async () => {
    const { user } = await renderCrud("/presence");
    await waitForRows(2);
    await waitFor(() => expect(rowTexts().flat()).toContain("24-11-2026 07:58:00 WITA"), LOAD);
    await user.click(screen.getByRole("button", { name: /Export CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const csv = await csvOf(blobs[0]);
    const lines = csv.trim().split(/\r?\n/);
    const header = lines[0].split('","');
    const clockIn = header.findIndex((h) => h.replace(/"/g, "") === "Presence in");
    expect(clockIn).toBeGreaterThan(-1);
    const byId = Object.fromEntries(lines.slice(1).map((l) => [l.split('","')[0].replace(/"/g, ""), l.split('","')]));
    expect(byId["1"][clockIn]).toBe("25-11-2026 07:58:00 WIB");
    expect(byId["2"][clockIn]).toBe("24-11-2026 07:58:00 WITA");
  });

  it("a time typed into a form is read on the clock of the project chosen in it", async () => {
    const { user } = await renderCrud("/alert/create");
    await waitForTitle("New alert");
    await user.type(control("Title"), "Gate left open");
    await pick(user, "Alert type", "Panic button");
    await pick(user, "Project", "Makassar site", { search: "Makassar" });
    const input = control("Alert time");
    await user.click(input);
    await user.type(input, "25-11-2026 07:58{Enter}");
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("POST", "alert/add")).toHaveLength(1), LOAD);
    // 07:58 in Makassar (UTC+8), not 07:58 of the UTC browser.
    expect(api.requests("POST", "alert/add")[0].body).toMatchObject({ project_id: 2, alert_time: "2026-11-25T07:58:00+08:00" });
  });

  it("a project's zone is a searchable select, Indonesia's three zones first, empty meaning the company's", async () => {
    const { user } = await renderCrud("/project/create");
    await waitForTitle("New project");
    const input = control("Time zone");
    await user.click(input);
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")];
      if (found.length < 3) throw new Error("no options yet");
      return found.map((o) => o.getAttribute("title"));
    }, LOAD);
    expect(options.slice(0, 3)).toEqual([
      "Asia/Jakarta · WIB · Western Indonesia Time",
      "Asia/Makassar · WITA · Central Indonesia Time",
      "Asia/Jayapura · WIT · Eastern Indonesia Time",
    ]);
    expect(within(input.closest(".ant-select")!).getByText("The company's zone (Asia/Jakarta)")).toBeInTheDocument();
  });
});
