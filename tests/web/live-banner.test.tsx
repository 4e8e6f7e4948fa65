// The panic banner and the bell in the shell (the whole app against the contract mock and its
// event stream): an open panic shows on any page and on the full-screen map with the worker, the
// time on the site's clock and the place; Acknowledge sends the typed operation and takes it
// down; an `acknowledged` event takes it down too; `escalated` says so; the sound can be muted;
// the bell counts open panics and unviewed alerts and opening an alert marks it viewed.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import App from "../../src/App";
import { stopLive } from "../../src/live/connection";
import type { PanicRecord } from "../../src/live/events";
import { MUTE_KEY, useLiveStore } from "../../src/live/store";
import { defaultMenus, DEFAULT_USER, type InstalledContractMock } from "../mocks";
import { mockApi, signIn } from "./crud/harness";
import { LOAD } from "./support/waits";

afterEach(() => {
  stopLive();
  window.location.hash = "";
});

/** A company in WIB with a site in WITA (project 4); Budi's panic at that site, 10:00 WITA. */
function world(): InstalledContractMock {
  const api = mockApi();
  api.db.seed("company-management", [{ id: 1, name: "PT Demo", time_zone: "Asia/Jakarta" }]);
  api.db.seed("human-resource", [
    { id: DEFAULT_USER.id, name: DEFAULT_USER.name, email: DEFAULT_USER.email },
    { id: 11, name: "Budi Santoso", email: "budi@demo.test" },
  ]);
  api.db.seed("project", [{ id: 4, name: "Makassar site", code: "MK", time_zone: "Asia/Makassar" }]);
  return api;
}

const seedPanic = (api: InstalledContractMock, extra: Record<string, unknown> = {}) =>
  api.db.insert("panic-button", {
    user_id: 11,
    project_id: 4,
    status: "open",
    alert_time: "2026-11-25T02:00:00.000Z",
    location: [119.48553, -5.17121],
    address: "Jl. Nusantara 1",
    ...extra,
  });

/** The record as the stream carries it (search's shape, with the refs' labels). */
const asEvent = (row: Record<string, unknown>) => ({ ...row, user_id_label: "Budi Santoso", project_id_label: "Makassar site" });

async function openApp(hash: string, menus?: Parameters<typeof defaultMenus>[0]) {
  await signIn(menus ? { menus: defaultMenus(menus) } : {});
  window.location.hash = hash;
  return render(<App />);
}

describe("the panic banner", () => {
  it("shows an open panic on a shell page with who, when (site's clock) and where; Acknowledge takes it down", async () => {
    const api = world();
    const panic = seedPanic(api);
    await openApp("#/divisi");
    const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
    expect(within(banner).getByText("Panic: Budi Santoso")).toBeInTheDocument();
    // 02:00 UTC is 10:00 on the Makassar site's clock (WITA).
    expect(await within(banner).findByText(/25-11-2026 10:00:00/, undefined, LOAD)).toBeInTheDocument();
    expect(within(banner).getByText(/Jl\. Nusantara 1/)).toBeInTheDocument();
    expect(within(banner).getByRole("button", { name: /Show on map/ })).toBeInTheDocument();

    fireEvent.click(within(banner).getByRole("button", { name: "Acknowledge" }));
    await waitFor(() => expect(screen.queryByTestId("panic-banner")).toBeNull(), LOAD);
    expect(api.requests("PUT", `panic-button/acknowledge/${String(panic.id)}`)).toHaveLength(1);
    expect(api.db.find("panic-button", panic.id)).toMatchObject({ status: "acknowledged", handled_by: DEFAULT_USER.id });
  });

  it("comes with a `raised` event, says `escalated`, and leaves with an `acknowledged` event", async () => {
    const api = world();
    await openApp("#/divisi");
    await waitFor(() => expect(api.events.open()).toBe(1), LOAD);
    expect(screen.queryByTestId("panic-banner")).toBeNull();

    const row = seedPanic(api);
    api.events.pushEvent("panic", { action: "raised", panic: asEvent(row) });
    const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
    expect(within(banner).getByText("Panic: Budi Santoso")).toBeInTheDocument();
    expect(within(banner).queryByText("Escalated to the admins")).toBeNull();

    api.events.pushEvent("panic", { action: "escalated", panic: asEvent({ ...row, escalated_at: "2026-11-25T02:02:00.000Z" }) });
    expect(await within(banner).findByText("Escalated to the admins", undefined, LOAD)).toBeInTheDocument();

    api.events.pushEvent("panic", { action: "acknowledged", panic: asEvent({ ...row, status: "acknowledged", handled_by: 9, handled_by_label: "Sari" }) });
    await waitFor(() => expect(screen.queryByTestId("panic-banner")).toBeNull(), LOAD);
  });

  it("an alarm escalated before the page opened says so too (read with the open panics, no event)", async () => {
    const api = world();
    seedPanic(api, { escalated_at: "2026-11-25T02:02:00.000Z" });
    seedPanic(api, { user_id: 11, alert_time: "2026-11-25T03:00:00.000Z" });
    await openApp("#/divisi");
    const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
    const rows = await within(banner).findAllByTestId("panic-row", undefined, LOAD);
    expect(rows).toHaveLength(2);
    // Newest first: the other alarm, not escalated; then Budi's, escalated.
    expect(within(rows[0]).queryByText("Escalated to the admins")).toBeNull();
    expect(within(rows[1]).getByText("Panic: Budi Santoso")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Escalated to the admins")).toBeInTheDocument();
  });

  it("on a phone shows the newest alarm and counts the others", async () => {
    const api = world();
    seedPanic(api);
    seedPanic(api, { alert_time: "2026-11-25T01:00:00.000Z", address: "Jl. Kedua 2" });
    const wide = window.matchMedia;
    // A 390 px screen: the phone query (max-width: 768px) matches.
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === "(max-width: 768px)" })) as typeof window.matchMedia;
    try {
      await openApp("#/divisi");
      const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
      await waitFor(() => expect(within(banner).getAllByTestId("panic-row")).toHaveLength(1), LOAD);
      expect(within(banner).getByText("and 1 more open panic")).toBeInTheDocument();
    } finally {
      window.matchMedia = wide;
    }
  });

  it("shows on the full-screen map too", async () => {
    const api = world();
    seedPanic(api);
    await openApp("#/map/view");
    const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
    expect(within(banner).getByText("Panic: Budi Santoso")).toBeInTheDocument();
  });

  it("mutes its sound, remembered on this browser", async () => {
    const api = world();
    seedPanic(api);
    await openApp("#/divisi");
    const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
    fireEvent.click(within(banner).getByRole("button", { name: "Mute the alarm sound" }));
    expect(localStorage.getItem(MUTE_KEY)).toBe("true");
    expect(useLiveStore.getState().muted).toBe(true);
    fireEvent.click(within(banner).getByRole("button", { name: "Turn the alarm sound on" }));
    expect(localStorage.getItem(MUTE_KEY)).toBe("false");
  });
});

describe("who the banner and the beep are for", () => {
  /** A stand-in for WebAudio counting the beeps (jsdom has none). */
  function countBeeps(): { beeps: () => number } {
    let beeps = 0;
    const node = () => ({ connect: (n: unknown) => n, start: () => {}, stop: () => {}, type: "", frequency: { value: 0, setValueAtTime: () => {} }, gain: { value: 0 } });
    class FakeAudio {
      state = "running";
      currentTime = 0;
      destination = {};
      resume = async () => {};
      createOscillator = () => {
        beeps++;
        return node();
      };
      createGain = node;
    }
    vi.stubGlobal("AudioContext", FakeAudio);
    return { beeps: () => beeps };
  }
  afterEach(() => vi.unstubAllGlobals());

  it("the worker's own alarm: no office banner and no beep on their own screen; another's shows", async () => {
    const sound = countBeeps();
    const api = world();
    seedPanic(api, { user_id: DEFAULT_USER.id });
    await openApp("#/divisi");
    await waitFor(() => expect(useLiveStore.getState().openPanics).toHaveLength(1), LOAD);
    expect(screen.queryByTestId("panic-banner")).not.toBeInTheDocument();
    expect(sound.beeps()).toBe(0);

    // Someone else's alarm does reach them (they may acknowledge it): banner and beep, their own still left out.
    useLiveStore.getState().applyPanic(asEvent({ ...seedPanic(api), status: "open" }) as unknown as PanicRecord);
    const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
    expect(within(banner).getAllByTestId("panic-row")).toHaveLength(1);
    expect(within(banner).getByText("Panic: Budi Santoso")).toBeInTheDocument();
    await waitFor(() => expect(sound.beeps()).toBeGreaterThan(0));
  });

  it("no banner and no beep for someone who may not acknowledge alarms", async () => {
    const sound = countBeeps();
    const api = world();
    seedPanic(api);
    await openApp("#/divisi", { "panic-button": { can_edit: false } });
    await screen.findByRole("heading", { name: /Divisi|Division/ }, LOAD);
    useLiveStore.getState().applyPanic(asEvent({ ...seedPanic(api), status: "open" }) as unknown as PanicRecord);
    expect(useLiveStore.getState().openPanics.length).toBeGreaterThan(0);
    expect(screen.queryByTestId("panic-banner")).not.toBeInTheDocument();
    expect(sound.beeps()).toBe(0);
  });

  it("offers Show on map only where the map may be opened, and places read longitude, latitude", async () => {
    countBeeps();
    const api = world();
    seedPanic(api, { address: null });
    await openApp("#/divisi", { "map-monitoring": false });
    const banner = await screen.findByTestId("panic-banner", undefined, LOAD);
    expect(within(banner).getByRole("button", { name: "Acknowledge" })).toBeInTheDocument();
    expect(within(banner).queryByRole("button", { name: /Show on map/ })).not.toBeInTheDocument();
    expect(within(banner).getByText(/119\.48553, -5\.17121/)).toBeInTheDocument();
  });
});

describe("the bell", () => {
  it("counts open panics and unviewed alerts, lists them, and opening an alert marks it viewed", async () => {
    const api = world();
    seedPanic(api);
    const alert = api.db.insert("alert", {
      title: "Late clock-in: Budi",
      alert_type: "late_clock_in",
      severity: "medium",
      user_id: 11,
      project_id: 4,
      alert_time: "2026-11-25T01:30:00.000Z",
    });
    const mine = api.db.insert("alert-to-user", { alert_id: alert.id, user_id: DEFAULT_USER.id, is_viewed: false });
    await openApp("#/divisi");
    const bell = await screen.findByRole("button", { name: "Notifications (2)" }, LOAD);

    fireEvent.click(bell);
    const list = await screen.findByTestId("bell-list", undefined, LOAD);
    expect(within(list).getByTestId("bell-panic")).toHaveTextContent("Panic: Budi Santoso");
    const item = await within(list).findByTestId("bell-alert", undefined, LOAD);
    expect(item).toHaveTextContent("Late clock-in: Budi");
    expect(item).toHaveTextContent("Who: Budi Santoso");
    expect(item).toHaveTextContent("25-11-2026 09:30:00");

    fireEvent.click(item);
    await waitFor(() => expect(api.requests("PUT", `alert-to-user/edit-status-view/${String(mine.id)}`)).toHaveLength(1), LOAD);
    expect(await screen.findByRole("button", { name: "Notifications (1)" }, LOAD)).toBeInTheDocument();
    expect(api.db.find("alert-to-user", mine.id)).toMatchObject({ is_viewed: true });
  });

  it("a new alert on the stream raises the count without polling", async () => {
    const api = world();
    await openApp("#/divisi");
    await screen.findByRole("button", { name: "Notifications (0)" }, LOAD);
    await waitFor(() => expect(api.events.open()).toBe(1), LOAD);
    const alert = api.db.insert("alert", { title: "No clock-in: Budi", alert_type: "late_clock_in", severity: "medium", user_id: 11, alert_time: "2026-11-25T01:30:00.000Z" });
    api.db.insert("alert-to-user", { alert_id: alert.id, user_id: DEFAULT_USER.id, is_viewed: false });
    api.events.pushEvent("alert", { alert: alert, to_user_ids: [DEFAULT_USER.id] });
    expect(await screen.findByRole("button", { name: "Notifications (1)" }, LOAD)).toBeInTheDocument();
  });
});
