// The today card of the field page against the contract mock: a clock-in stored late says so, the
// site shows with its address, the clock-in place as longitude, latitude with a map link, and a
// worker whose phone is now outside the site's work area is told (and how far).
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../mocks";
import { fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, WORKER_ID, type FakeGeolocation } from "./support/field";

let api: InstalledContractMock;
let geo: FakeGeolocation;
/** Tower A's gate, where the worker clocked in. */
const GATE: [number, number] = [106.8096, -6.2256];

beforeEach(() => {
  api = fieldWorld();
  Object.assign(api.db.find("project", 1)!, { address: "Jl. Jend. Sudirman Kav. 52" });
  freshQueueStorage();
  geo = fakeGeolocation({ lon: GATE[0], lat: GATE[1] });
});
afterEach(() => vi.restoreAllMocks());

describe("my pay period card", () => {
  it("shows the worker's own current pay period as the timesheet counts it (timesheet my-period)", async () => {
    const hour = 3_600_000;
    api.db.insert("presence", {
      user_id: WORKER_ID,
      project_id: 1,
      presence_date: new Date(Date.now() + 7 * hour).toISOString().slice(0, 10),
      clock_in: new Date(Date.now() - 3.5 * hour).toISOString(),
      clock_out: new Date(Date.now() - 0.5 * hour).toISOString(),
      presence_status: "present",
      work_area_in: "inside",
    });
    await renderField();
    const heading = await screen.findByText(/^Current period: \d\d-\d\d-\d{4} – \d\d-\d\d-\d{4}$/, {}, LOAD);
    const card = heading.closest(".ant-card") as HTMLElement;
    // Worked in total (regular or overtime depends on the weekday the suite runs).
    expect(within(card).getByText(/^Worked 3:00 · regular \d:\d\d · overtime \d:\d\d · break 0:00$/)).toBeInTheDocument();
    expect(within(card).getByText(/^1 days worked/)).toBeInTheDocument();
    // The company's holidays in the period (holiday my-period, answered by its declared example).
    expect(await within(card).findByText("Holidays: 25-12-2026 Hari Raya Natal", {}, LOAD)).toBeInTheDocument();
  });
});

describe("today card", () => {
  it("says late (the stored status), the site with its address, the clock-in place; warns when the phone is outside the work area", async () => {
    const clockIn = new Date(Date.now() - 30 * 60_000).toISOString();
    api.db.insert("presence", {
      user_id: WORKER_ID,
      project_id: 1,
      presence_date: new Date().toISOString().slice(0, 10),
      clock_in: clockIn,
      clock_in_geo: GATE,
      presence_status: "late",
      work_area_in: "inside",
    });
    await renderField();
    const card = (await screen.findByText(/^Clocked in since \d\d:\d\d( WIB)?/, {}, LOAD)).closest(".ant-card") as HTMLElement;
    expect(within(card).getByText("late")).toBeInTheDocument();
    expect(within(card).getByText("at Tower A (Jl. Jend. Sudirman Kav. 52) · inside its work area")).toBeInTheDocument();
    const place = within(card).getByTestId("clock-in-place");
    expect(place).toHaveTextContent("106.80960, -6.22560");
    expect(place).toHaveAttribute("href", expect.stringContaining("mlat=-6.225600&mlon=106.809600"));
    expect(within(card).queryByRole("status")).not.toBeInTheDocument();

    // 850 m east of the site: outside its 150 m work area.
    geo.move({ lon: 106.8172, lat: -6.2255 });
    expect(await within(card).findByText(/^You are outside the work area of Tower A: 8\d\d m from the site\.$/, {}, LOAD)).toBeInTheDocument();
    geo.move({ lon: GATE[0], lat: GATE[1] });
    expect(within(card).queryByText(/outside the work area of Tower A/)).not.toBeInTheDocument();
  });

  it("says it in Indonesian too", async () => {
    api.db.insert("presence", {
      user_id: WORKER_ID,
      project_id: 1,
      presence_date: new Date().toISOString().slice(0, 10),
      clock_in: new Date(Date.now() - 30 * 60_000).toISOString(),
      clock_in_geo: GATE,
      presence_status: "late",
      work_area_in: "inside",
    });
    await renderField("id");
    expect(await screen.findByText("terlambat", {}, LOAD)).toBeInTheDocument();
    geo.move({ lon: 106.8172, lat: -6.2255 });
    expect(await screen.findByText(/^Anda berada di luar area kerja Tower A: 8\d\d m dari lokasi\.$/, {}, LOAD)).toBeInTheDocument();
  });
});
