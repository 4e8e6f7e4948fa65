// The field page in Indonesian names nothing in English to a screen reader: antd's icons carry
// English aria-labels ("close-circle", "collapsed", "copy"), so the page's icons are decorative
// (aria-hidden) or named in the page's language; the dialog's close button and a new device key's
// default name ("Ponsel", not the declaration's "Phone") come in Indonesian. Walked over the
// page's states: the day with its alerts and an open alarm, the set-up steps opened, a new key's
// dialog, the revoke confirmation, a position refused, offline.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../mocks";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, setOnline, WORKER_ID } from "./support/field";

let api: InstalledContractMock;

beforeEach(() => {
  api = fieldWorld();
  freshQueueStorage();
});
afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
});

/** antd's English icon and state names (kebab-case icon names, "collapsed", "Close", …), and the declaration's "Phone". */
const ENGLISH = /^(?:[a-z]+(?:-[a-z]+)+|collapsed|expanded|close|Close|copy|copied|loading|search|down|up|right|left|environment|camera|check|info|warning|Phone|Copy|Copied)$/;

/** The labels a screen reader reads out on the page (aria-label, alt, title of what is neither hidden nor inside a control named otherwise), word groups split. */
function spokenNames(): string[] {
  const names: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll("[aria-label], [alt], [title]"))) {
    if (el.closest("[aria-hidden='true']")) continue;
    // Within a control named by its own aria-label: that name is read, not its content's.
    if (el.parentElement?.closest("button[aria-label], a[aria-label], [role='button'][aria-label]")) continue;
    for (const a of ["aria-label", "alt", "title"]) {
      const v = el.getAttribute(a);
      if (v) names.push(v);
    }
  }
  return names.flatMap((n) => n.split(/\s+/)).filter(Boolean);
}

const englishOnPage = () => [...new Set(spokenNames().filter((w) => ENGLISH.test(w)))];

describe("the field page in Indonesian", () => {
  it("names nothing in English: its day, an open alarm, the set-up steps, a new key's dialog, the revoke confirmation", async () => {
    fakeGeolocation({ lon: 106.8172, lat: -6.2255 }); // 850 m from the site: the outside-the-area warning
    api.db.insert("presence", {
      user_id: WORKER_ID,
      project_id: 1,
      presence_date: new Date().toISOString().slice(0, 10),
      clock_in: new Date(Date.now() - 30 * 60_000).toISOString(),
      clock_in_geo: [AT_TOWER_A.lon, AT_TOWER_A.lat],
      presence_status: "late",
      work_area_in: "inside",
    });
    api.db.insert("panic-button", { user_id: WORKER_ID, status: "open", alert_time: new Date(Date.now() - 60_000).toISOString(), location: [AT_TOWER_A.lon, AT_TOWER_A.lat] });
    await renderField("id");
    await screen.findByText(/^Anda berada di luar area kerja/, {}, LOAD);
    await screen.findByRole("heading", { name: "Aplikasi pelacak" }, LOAD);
    await waitFor(() => expect(api.requests("POST", "panic-button/search").length).toBeGreaterThan(0), LOAD);
    expect(englishOnPage()).toEqual([]);

    // The set-up steps opened.
    fireEvent.click(screen.getByRole("button", { name: /Cara memasang Traccar Client/ }));
    expect(englishOnPage()).toEqual([]);

    // A key made without a name: named in Indonesian; its dialog (QR code, copy buttons, close) too.
    fireEvent.click(screen.getByRole("button", { name: "Buat kunci perangkat" }));
    const dialog = await screen.findByRole("dialog", {}, LOAD);
    expect(api.db.rows("device-key")).toMatchObject([{ name: "Ponsel" }]);
    expect(within(dialog).getByRole("button", { name: "Tutup" })).toBeInTheDocument();
    expect(englishOnPage()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Selesai" }));
    await screen.findByText("Ponsel", {}, LOAD);

    fireEvent.click(screen.getByRole("button", { name: "Cabut" }));
    await screen.findByRole("tooltip", {}, LOAD);
    expect(englishOnPage()).toEqual([]);
  });

  it("names nothing in English when the position is refused and the phone is offline", async () => {
    fakeGeolocation({ error: 1 });
    await renderField("id");
    setOnline(false);
    await screen.findAllByRole("alert", {}, LOAD);
    await waitFor(() => expect(document.querySelectorAll(".ant-alert").length).toBeGreaterThanOrEqual(2), LOAD);
    expect(englishOnPage()).toEqual([]);
  });
});
