// The panic button against the contract mock: held for 2 s it raises one alarm (with the
// position, the message and an idempotency key), a shorter press raises none; the alarm then
// reads "sent at", and "acknowledged by <name> at" once a supervisor acknowledged it (the page
// asks again while it is open). The clock is the test's (fake timers): no waiting on real time.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOLD_MS } from "../../src/pages/field/model/hold";
import { PANIC_POLL_MS } from "../../src/pages/field/hooks/useOwnPanic";
import type { InstalledContractMock } from "../mocks";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, WORKER_ID } from "./support/field";

let api: InstalledContractMock;

beforeEach(() => {
  api = fieldWorld();
  freshQueueStorage();
  fakeGeolocation({ ...AT_TOWER_A, accuracy: 250 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const panicButton = () => screen.getByRole("button", { name: "HOLD FOR HELP" });

/** Presses the button for `ms` of the test's clock, then lets go. */
async function hold(ms: number) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  const button = panicButton();
  await act(async () => void fireEvent.pointerDown(button, { button: 0, pointerId: 1 }));
  await act(async () => void vi.advanceTimersByTime(ms));
  await act(async () => void fireEvent.pointerUp(button, { button: 0, pointerId: 1 }));
  vi.useRealTimers();
}

describe("panic button", () => {
  it("sends nothing for a press shorter than 2 s, one alarm for a hold of 2 s", async () => {
    await renderField();
    await screen.findByText(/The limit for clocking is 100 m/, {}, LOAD);
    fireEvent.change(screen.getByLabelText("Message (optional)"), { target: { value: "Fell from the scaffold, level 3" } });

    await hold(HOLD_MS - 1);
    await hold(300);
    expect(screen.getByRole("button", { name: "HOLD FOR HELP" })).toBeInTheDocument();

    await hold(HOLD_MS);
    await screen.findByText(/^Alarm sent at \d\d:\d\d( WIB)?\.$/, {}, LOAD);
    const sent = api.requests("POST", "panic-button/add");
    expect(sent).toHaveLength(1);
    // Any accuracy goes with an alarm: a poor fix never holds it back.
    expect(sent[0].body).toMatchObject({ lon: AT_TOWER_A.lon, lat: AT_TOWER_A.lat, accuracy: 250, message: "Fell from the scaffold, level 3" });
    expect((sent[0].body as Record<string, unknown>).idempotency_key).toMatch(/^[0-9a-f]{32}$/);
    expect(api.db.rows("panic-button")).toHaveLength(1);
    expect(api.db.rows("panic-button")[0]).toMatchObject({ user_id: WORKER_ID, status: "open", location: [AT_TOWER_A.lon, AT_TOWER_A.lat] });
    expect(screen.getByText("Waiting for someone to acknowledge it…")).toBeInTheDocument();
    expect(screen.getByLabelText("Message (optional)")).toHaveValue("");
  });

  it("says who acknowledged the alarm and when, asking again every 10 s while it is open", async () => {
    api.db.seed("human-resource", [{ id: 9, name: "Sari Supervisor", email: "sari@demo.test" }]);
    const alertTime = new Date(Date.now() - 60_000).toISOString();
    api.db.seed("panic-button", [{ user_id: WORKER_ID, status: "open", alert_time: alertTime, location: [AT_TOWER_A.lon, AT_TOWER_A.lat] }]);
    // The test's clock runs on its own and can be moved ahead (the page's 10 s poll).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    await renderField();
    await screen.findByText("Waiting for someone to acknowledge it…", {}, LOAD);

    Object.assign(api.db.rows("panic-button")[0], { status: "acknowledged", handled_by: 9, handled_at: new Date(Date.parse(alertTime) + 60_000).toISOString() });
    const asked = api.requests("POST", "panic-button/search").length;
    await act(async () => void vi.advanceTimersByTime(PANIC_POLL_MS));
    await screen.findByText(/^Acknowledged by Sari Supervisor at \d\d:\d\d( WIB)?\.$/, {}, LOAD);
    expect(api.requests("POST", "panic-button/search").length).toBe(asked + 1);
    // Acknowledged: no more asking.
    await act(async () => void vi.advanceTimersByTime(PANIC_POLL_MS * 3));
    expect(api.requests("POST", "panic-button/search").length).toBe(asked + 1);
  });

  it("raises the alarm from a keyboard too: Space held for 2 s", async () => {
    await renderField("id");
    await screen.findByText(/Batas untuk absen adalah 100 m/, {}, LOAD);
    const button = screen.getByRole("button", { name: "TAHAN UNTUK MINTA TOLONG" });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    await act(async () => void fireEvent.keyDown(button, { key: " " }));
    await act(async () => void vi.advanceTimersByTime(HOLD_MS));
    await act(async () => void fireEvent.keyUp(button, { key: " " }));
    vi.useRealTimers();
    await screen.findByText(/^Alarm terkirim pukul \d\d:\d\d( WIB)?\.$/, {}, LOAD);
    await waitFor(() => expect(api.requests("POST", "panic-button/add")).toHaveLength(1));
  });
});
