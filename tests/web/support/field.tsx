// The field page against the contract mock: a worker of two projects (Jakarta, Makassar) with a
// morning shift, a phone whose position the test moves (navigator.geolocation), no camera preview
// in jsdom (the page offers the phone's camera app: a file input) and the network switched off
// and on (navigator.onLine and the window's online/offline events).
import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen } from "@testing-library/react";
import { vi } from "vitest";
import { setQueueStorage, memoryQueueStorage, type QueueStorage } from "../../../src/pages/field/store/queueStorage";
import { useFieldStore } from "../../../src/pages/field/store/fieldStore";
import { DEFAULT_USER, type InstalledContractMock, type MockMenu } from "../../mocks";
import { mockApi, renderCrud } from "../crud/harness";
import { LOAD } from "./waits";

export { LOAD };
export const WORKER_ID = DEFAULT_USER.id;
/** Tower A's gate: 35 m from its centre (inside its 150 m area). */
export const AT_TOWER_A = { lon: 106.8096, lat: -6.2256 };

export function fieldWorld(): InstalledContractMock {
  const api = mockApi();
  api.db.seed("company-management", [{ id: 1, name: "PT Demo", time_zone: "Asia/Jakarta" }]);
  api.db.seed("human-resource", [{ id: WORKER_ID, name: "Dimas Utomo", email: DEFAULT_USER.email }]);
  api.db.seed("project", [
    { id: 1, name: "Tower A", code: "TA", location: [106.80952, -6.22548], work_radius_m: 150 },
    { id: 4, name: "Makassar site", code: "MK", location: [119.48553, -5.17121], work_radius_m: 300, time_zone: "Asia/Makassar" },
  ]);
  api.db.seed("user-to-proyek", [
    { user_id: WORKER_ID, project_id: 1, is_active: true },
    { user_id: WORKER_ID, project_id: 4, is_active: true },
  ]);
  api.db.seed("shift", [{ id: 1, name: "Pagi", code: "PG", start_time: "08:00", end_time: "17:00", grace_minutes: 15, break_minutes: 60 }]);
  api.db.seed("user-to-shift", [{ user_id: WORKER_ID, shift_id: 1, start_date: "2020-01-01" }]);
  return api;
}

export interface FakeGeolocation {
  /** A new position (the watch's callback). */
  move(at: { lon: number; lat: number; accuracy?: number; time?: number }): void;
  /** The browser refuses (1), cannot find (2) or times out (3). */
  fail(code: 1 | 2 | 3): void;
  watching(): number;
}

/** navigator.geolocation with a watch the test drives; the first position (if given) comes at once. */
export function fakeGeolocation(first?: { lon: number; lat: number; accuracy?: number } | { error: 1 | 2 | 3 }): FakeGeolocation {
  const watches = new Map<number, { ok: PositionCallback; fail?: PositionErrorCallback | null }>();
  let next = 1;
  const position = (at: { lon: number; lat: number; accuracy?: number; time?: number }) =>
    ({ coords: { longitude: at.lon, latitude: at.lat, accuracy: at.accuracy ?? 10, speed: null }, timestamp: at.time ?? Date.now() }) as unknown as GeolocationPosition;
  const error = (code: number) => ({ code, message: "refused", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;
  const geo = {
    watchPosition(ok: PositionCallback, fail?: PositionErrorCallback | null) {
      const id = next++;
      watches.set(id, { ok, fail });
      if (first) setTimeout(() => ("error" in first ? fail?.(error(first.error)) : ok(position(first))));
      return id;
    },
    clearWatch: (id: number) => void watches.delete(id),
    getCurrentPosition: () => {},
  };
  Object.defineProperty(navigator, "geolocation", { value: geo, configurable: true });
  return {
    move: (at) => act(() => watches.forEach((w) => w.ok(position(at)))),
    fail: (code) => act(() => watches.forEach((w) => w.fail?.(error(code)))),
    watching: () => watches.size,
  };
}

/** The network off or on, as the browser says it (navigator.onLine and the event). */
export function setOnline(online: boolean): void {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? "online" : "offline")));
}

/**
 * A storage that outlives the page, as IndexedDB does (a reload finds what waited), and a network
 * that is up: react-query's own idea of it too, which it stops following while no page is
 * mounted (a test that went offline and unmounted would leave the next one waiting for a network).
 */
export function freshQueueStorage(): QueueStorage {
  const storage = memoryQueueStorage();
  setQueueStorage(storage);
  useFieldStore.getState().reset();
  onlineManager.setOnline(true);
  return storage;
}

/** `live`: with the shell's event stream (stop it with stopLive() after the test). */
export async function renderField(lang: "en" | "id" = "en", menus?: MockMenu[], live = false) {
  const view = await renderCrud("/field", { roleType: "worker", lang, live, ...(menus ? { menus } : {}) });
  await screen.findByText(lang === "en" ? "My day" : "Hari saya", {}, LOAD);
  return view;
}

/** A selfie through the phone's camera app (the file input: jsdom has no camera preview). */
export async function takeSelfie(label = "Use the phone's camera"): Promise<void> {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "selfie.png", { type: "image/png" });
  await act(async () => void fireEvent.change(input, { target: { files: [file] } }));
}

/** The text fields of the multipart requests of one operation (the selfie as { file, size, type }). */
export const sentBodies = (api: InstalledContractMock, method: string, path: string) => api.requests(method, path).map((r) => r.body as Record<string, unknown>);
