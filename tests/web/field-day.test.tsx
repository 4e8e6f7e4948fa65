// The field page through a day of several sites (issue 30), against the contract mock: clock in at
// Tower A, punch a break (start, end), clock out, and clock in again at the Makassar site; the
// page offers the clock-in again after the clock-out and lists the day's earlier presence.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../mocks";
import { timesheetTables } from "../mocks/timesheet";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, takeSelfie, WORKER_ID } from "./support/field";

let api: InstalledContractMock;

beforeEach(() => {
  // Midday in Jakarta (13:00 in Makassar): both sites on the same day, whatever the hour of the run.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${new Date().toISOString().slice(0, 10)}T05:00:00Z`), shouldAdvanceTime: true });
  api = fieldWorld();
  freshQueueStorage();
  fakeGeolocation(AT_TOWER_A);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function clock(action: "Clock in" | "Clock out") {
  await screen.findByText("Position accurate to ±10 m (the limit is 100 m)", {}, LOAD);
  await takeSelfie();
  const button = screen.getByRole("button", { name: action });
  await waitFor(() => expect(button).toBeEnabled());
  button.click();
}

describe("a day at two sites", () => {
  it("clocks in, takes a break, clocks out, and clocks in again at another site", async () => {
    const { user } = await renderField();
    await clock("Clock in");
    await screen.findByText(/^Clocked in since \d\d:\d\d( WIB)?$/, {}, LOAD);

    await user.click(await screen.findByRole("button", { name: "Start break" }));
    await screen.findByText(/^On a break since \d\d:\d\d( WIB)?$/, {}, LOAD);
    await user.click(await screen.findByRole("button", { name: "End break" }, LOAD));
    await screen.findByRole("button", { name: "Start break" }, LOAD);
    expect(timesheetTables(api.db).breaks).toHaveLength(1);
    expect(timesheetTables(api.db).breaks[0]).toMatchObject({ user_id: WORKER_ID });
    expect(timesheetTables(api.db).breaks[0]!.break_end).not.toBeNull();

    await clock("Clock out");
    await screen.findByText(/^Clocked out at \d\d:\d\d( WIB)?$/, {}, LOAD);
    expect(await screen.findByText("Clocked out. Starting at another site? Clock in again below.", {}, LOAD)).toBeInTheDocument();

    // The clock-in is offered again: at the Makassar site this time.
    await user.click(screen.getByRole("combobox", { name: "Project" }));
    await user.click(await screen.findByTitle("Makassar site"));
    await clock("Clock in");
    await screen.findByText(/^Clocked in since \d\d:\d\d( WITA)?$/, {}, LOAD);
    // On Tower A's own clock (WIB), whatever the site now worked at.
    expect(await screen.findByText(/^Earlier today: Tower A \d\d:\d\d( WIB)?–\d\d:\d\d( WIB)?$/, {}, LOAD)).toBeInTheDocument();
    const rows = api.db.rows("presence").filter((p) => p.user_id === WORKER_ID);
    expect(rows.map((p) => [p.project_id, p.clock_out === null || p.clock_out === undefined])).toEqual([
      [1, false],
      [4, true],
    ]);
    expect(rows[0]!.presence_date).toBe(rows[1]!.presence_date);
    expect(within(document.body).queryByText("Done for today. See you tomorrow!")).toBeNull();
  });
});
