// The panic button against the contract mock: held for 2 s it raises one alarm (with the
// position, the message and an idempotency key), a shorter press raises none; the alarm then
// reads "sent at", and "acknowledged by <name> at" once a supervisor acknowledged it: told by the
// shell's event stream (an `acknowledged` event, or the re-read when the stream comes back), and
// asked every 30 s only while the stream cannot open. The clock is the test's (fake timers).
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOLD_MS } from "../../src/pages/field/model/hold";
import { stopLive } from "../../src/live/connection";
import { useLiveStore } from "../../src/live/store";
import { PANIC_FALLBACK_MS } from "../../src/pages/field/hooks/useOwnPanic";
import type { InstalledContractMock } from "../mocks";
import { mockTrailStep } from "../mocks/field";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, WORKER_ID } from "./support/field";

let api: InstalledContractMock;

beforeEach(() => {
  api = fieldWorld();
  freshQueueStorage();
  fakeGeolocation({ ...AT_TOWER_A, accuracy: 250 });
});
afterEach(() => {
  stopLive();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The worker's open alarm of a minute ago, and the supervisor who will acknowledge it. */
function seedOpenAlarm(): Record<string, unknown> {
  api.db.seed("human-resource", [{ id: 9, name: "Sari Supervisor", email: "sari@demo.test" }]);
  const alertTime = new Date(Date.now() - 60_000).toISOString();
  return api.db.insert("panic-button", { user_id: WORKER_ID, status: "open", alert_time: alertTime, location: [AT_TOWER_A.lon, AT_TOWER_A.lat] });
}

/** The supervisor's acknowledgement as stored (no event sent). */
function acknowledgeSilently(row: Record<string, unknown>): Record<string, unknown> {
  const stored = api.db.find("panic-button", row.id as number)!;
  return Object.assign(stored, { status: "acknowledged", handled_by: 9, handled_at: new Date(Date.parse(String(row.alert_time)) + 60_000).toISOString() });
}

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

  it("says who acknowledged the alarm as soon as the event stream says so, without asking again while the stream is open", async () => {
    const row = seedOpenAlarm();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    await renderField("en", undefined, true);
    await screen.findByText("Waiting for someone to acknowledge it…", {}, LOAD);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    // The connect's re-read has gone out; from here on nothing is asked without an event.
    await act(async () => void (await new Promise((r) => setTimeout(r, 300))));
    const asked = api.requests("POST", "panic-button/search").length;
    await act(async () => void vi.advanceTimersByTime(PANIC_FALLBACK_MS * 3));
    expect(api.requests("POST", "panic-button/search").length).toBe(asked);
    expect(screen.getByText("Waiting for someone to acknowledge it…")).toBeInTheDocument();

    // A supervisor acknowledges: the worker's stream carries the alarm's `acknowledged` event.
    const acknowledged = acknowledgeSilently(row);
    api.events.pushEvent("panic", { action: "acknowledged", panic: { ...acknowledged, handled_by_label: "Sari Supervisor" } as never });
    await screen.findByText(/^Acknowledged by Sari Supervisor at \d\d:\d\d( WIB)?\.$/, {}, LOAD);
    expect(api.requests("POST", "panic-button/search").length).toBe(asked + 1);
  });

  it("reads the alarm again once when the stream comes back (an acknowledgement missed while it was away)", async () => {
    const row = seedOpenAlarm();
    await renderField("en", undefined, true);
    await screen.findByText("Waiting for someone to acknowledge it…", {}, LOAD);
    await waitFor(() => expect(api.events.open()).toBe(1), LOAD);
    const connects = api.events.connects.length;
    api.events.dropAll();
    // Acknowledged while the stream was down: no event reaches the page.
    acknowledgeSilently(row);
    await screen.findByText(/^Acknowledged by Sari Supervisor at \d\d:\d\d( WIB)?\.$/, {}, LOAD);
    expect(api.events.connects.length).toBe(connects + 1);
  });

  it("asks every 30 s while the stream cannot open and the alarm is open", async () => {
    const row = seedOpenAlarm();
    // Every connect refused (a network that drops the stream): the page falls back to asking.
    api.events.failNext(503, undefined, 1000);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    await renderField("en", undefined, true);
    await screen.findByText("Waiting for someone to acknowledge it…", {}, LOAD);
    expect(useLiveStore.getState().stream).not.toBe("open");
    acknowledgeSilently(row);
    const asked = api.requests("POST", "panic-button/search").length;
    await act(async () => void vi.advanceTimersByTime(PANIC_FALLBACK_MS));
    await screen.findByText(/^Acknowledged by Sari Supervisor at \d\d:\d\d( WIB)?\.$/, {}, LOAD);
    expect(api.requests("POST", "panic-button/search").length).toBe(asked + 1);
    // Acknowledged: no more asking.
    await act(async () => void vi.advanceTimersByTime(PANIC_FALLBACK_MS * 3));
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

  it("is a bar fixed at the bottom of the screen, outside the page's flow", async () => {
    await renderField();
    const bar = await screen.findByTestId("panic-bar", undefined, LOAD);
    expect(bar).toHaveStyle({ position: "fixed", bottom: "0px" });
    expect(bar.parentElement).toBe(document.body);
    expect(bar).toContainElement(panicButton());
  });

  it("tells the worker their own alarm's state: delivered to N people, then acknowledged by whom and when", async () => {
    const row = seedOpenAlarm();
    api.db.seed("human-resource", [{ id: 10, name: "Pak Manager", email: "pm@demo.test" }]);
    mockTrailStep(api.db, row.id as number, "raised", WORKER_ID, null, String(row.alert_time));
    mockTrailStep(api.db, row.id as number, "delivered", 9);
    mockTrailStep(api.db, row.id as number, "delivered", 10);
    // The same person by a second channel counts once.
    mockTrailStep(api.db, row.id as number, "delivered", 10, "email");
    await renderField("en", undefined, true);
    const state = await screen.findByTestId("own-alarm", undefined, LOAD);
    await waitFor(() => expect(state).toHaveTextContent("Delivered to 2 people.Waiting for someone to acknowledge it…"), LOAD);
    expect(screen.getByText("Delivered to 2 people.")).toBeInTheDocument();
    // Sent and open: the alarm's own sign, not the cross of a failure (the refused alarm's).
    expect(state.querySelector('[role="img"][aria-label="alert"]')).not.toBeNull();
    expect(state.querySelector('[role="img"][aria-label="close-circle"]')).toBeNull();

    const acknowledged = acknowledgeSilently(row);
    mockTrailStep(api.db, row.id as number, "acknowledged", 9, null, String(acknowledged.handled_at));
    api.events.pushEvent("panic", { action: "acknowledged", panic: { ...acknowledged, handled_by_label: "Sari Supervisor" } as never });
    await waitFor(() => expect(state).toHaveTextContent(/Delivered to 2 people\.Acknowledged by Sari Supervisor at \d\d:\d\d( WIB)?\.$/), LOAD);
    expect(screen.getByText(/^Acknowledged by Sari Supervisor at \d\d:\d\d( WIB)?\.$/)).toBeInTheDocument();
    // Their own alarm: no office banner on their phone.
    expect(screen.queryByTestId("panic-banner")).not.toBeInTheDocument();
  });
});
