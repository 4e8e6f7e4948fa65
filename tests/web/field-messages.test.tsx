// What the field page says when something stands in the way of a clock-in, in both languages:
// the camera refused (the phone's camera app is offered instead), location refused or not found
// (with a way to try again), a position too inaccurate for the 100 m limit (the button waits);
// and the times of the day in the site's zone.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultMenus, type InstalledContractMock } from "../mocks";
import { server } from "./msw";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, takeSelfie, WORKER_ID } from "./support/field";

let api: InstalledContractMock;

beforeEach(() => {
  api = fieldWorld();
  freshQueueStorage();
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
});

const clockInButton = (name = "Clock in") => screen.getByRole("button", { name });

describe("field page messages", () => {
  it("says the camera is blocked and offers the phone's camera app, which gives the selfie", async () => {
    fakeGeolocation(AT_TOWER_A);
    const getUserMedia = vi.fn().mockRejectedValue(Object.assign(new Error("denied"), { name: "NotAllowedError" }));
    Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
    await renderField();
    await screen.findByText("Position accurate to ±10 m (the limit is 100 m)", {}, LOAD);

    fireEvent.click(screen.getByRole("button", { name: "Take a selfie" }));
    await screen.findByText("The camera is blocked for this site. Allow it in the browser's settings, or take the selfie with the phone's camera.", {}, LOAD);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: "user", width: { ideal: 1280 } }, audio: false });
    expect(clockInButton()).toBeDisabled();
    expect(screen.getByText("Take a selfie first.")).toBeInTheDocument();

    await takeSelfie();
    expect(await screen.findByRole("img", { name: "Your selfie" })).toBeInTheDocument();
    await waitFor(() => expect(clockInButton()).toBeEnabled());
  });

  it("says location is blocked, and watches again when asked", async () => {
    const geo = fakeGeolocation({ error: 1 });
    await renderField();
    await screen.findByText("Location is blocked for this site. Allow location in the browser's settings, then press Try again.", {}, LOAD);
    expect(clockInButton()).toBeDisabled();
    expect(screen.getByText("Take a selfie first.")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(geo.watching()).toBe(1));
    geo.move(AT_TOWER_A);
    await screen.findByText("Position accurate to ±10 m (the limit is 100 m)", {}, LOAD);
    expect(screen.queryByText(/Location is blocked/)).not.toBeInTheDocument();
  });

  it("says a position is too inaccurate, names the 100 m limit, and lets clock in only within it", async () => {
    const geo = fakeGeolocation({ ...AT_TOWER_A, accuracy: 150 });
    await renderField();
    await screen.findByText("Your position is too inaccurate: ±150 m. The limit for clocking is 100 m. Step outside or wait a moment for a better GPS fix.", {}, LOAD);
    await takeSelfie();
    expect(clockInButton()).toBeDisabled();
    expect(screen.getByText("Waiting for an accurate position.")).toBeInTheDocument();

    geo.move({ ...AT_TOWER_A, accuracy: 40 });
    await screen.findByText("Position accurate to ±40 m (the limit is 100 m)", {}, LOAD);
    await waitFor(() => expect(clockInButton()).toBeEnabled());
  });

  it("says all of it in Indonesian", async () => {
    fakeGeolocation({ ...AT_TOWER_A, accuracy: 150 });
    await renderField("id");
    await screen.findByText(
      "Posisi Anda kurang akurat: ±150 m. Batas untuk absen adalah 100 m. Pindah ke tempat terbuka atau tunggu sebentar sampai sinyal GPS lebih baik.",
      {},
      LOAD,
    );
    expect(screen.getByText("Belum absen masuk")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Absen masuk" })).toBeDisabled();
    expect(screen.getByText("Ambil swafoto dulu.")).toBeInTheDocument();
  });

  it("preselects the nearest project and says how far it is and whether that is inside its work area", async () => {
    fakeGeolocation({ lon: 119.4856, lat: -5.1712, accuracy: 20 });
    await renderField();
    await screen.findByText("Position accurate to ±20 m (the limit is 100 m)", {}, LOAD);
    expect(screen.getByRole("combobox", { name: "Project" }).closest(".ant-select")).toHaveTextContent("Makassar site");
    expect(screen.getByText("8 m away · inside the work area")).toBeInTheDocument();
  });

  it("shows the day's times in the site's zone: a clock-in at a Makassar site reads in WITA", async () => {
    fakeGeolocation(AT_TOWER_A);
    // 07:58 WITA = 23:58 UTC the day before.
    const clockIn = new Date(Date.now() - 3600_000);
    const witaClock = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Makassar", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(clockIn);
    api.db.seed("presence", [
      { user_id: WORKER_ID, project_id: 4, presence_date: "2026-11-21", clock_in: clockIn.toISOString(), presence_status: "present", work_area_in: "outside" },
    ]);
    const view = await renderField();
    const browserIsWita = Intl.DateTimeFormat().resolvedOptions().timeZone === "Asia/Makassar";
    await screen.findByText(`Clocked in since ${witaClock}${browserIsWita ? "" : " WITA"}`, {}, LOAD);
    expect(screen.getByText("at Makassar site · outside its work area")).toBeInTheDocument();
    expect(screen.getByText("Worked today: 1 h")).toBeInTheDocument();
    // Clocked in: the positions gathered go when the page closes.
    await screen.findByText("Position accurate to ±10 m (the limit is 100 m)", {}, LOAD);
    view.unmount();
    await waitFor(() => expect(api.requests("POST", "waypoint/add-batch")).toHaveLength(1));
    expect(api.db.rows("waypoint")).toMatchObject([{ user_id: WORKER_ID, lon: AT_TOWER_A.lon, lat: AT_TOWER_A.lat, accuracy: 10 }]);
  });

  it("asks nothing the role may not read (a refusal would end the session): no attendance, no alarms, still the device keys and the panic button", async () => {
    fakeGeolocation(AT_TOWER_A);
    await renderField("en", defaultMenus({ presence: false, "panic-button": false, permit: false, "report-k3": false }));
    await screen.findByRole("heading", { name: "Tracking app" }, LOAD);
    await waitFor(() => expect(api.requests("POST", "device-key/search")).toHaveLength(1));
    expect(api.log.map((r) => r.path).filter((p) => /^(presence|panic-button|permit|report-k3)\//.test(p))).toEqual([]);
    expect(screen.queryByRole("button", { name: "Clock in" })).not.toBeInTheDocument();
    // Anyone of a company raises their own alarm, menu or not (safety first: panic-button/add is "self").
    expect(screen.getByRole("button", { name: "HOLD FOR HELP" })).toBeInTheDocument();
  });

  it("device keys: a refused add says why; a new key is shown once and listed; revoking it sends the delete and the list reads again", async () => {
    fakeGeolocation(AT_TOWER_A);
    await renderField();
    await screen.findByRole("heading", { name: "Tracking app" }, LOAD);
    server.use(
      http.post(
        /\/api\/device-key\/add$/,
        () => HttpResponse.json({ status: false, key: "server_error", message: "Something went wrong on the server. Please try again." }, { status: 500 }),
        {
          once: true,
        },
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: "Create a device key" }));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(api.db.rows("device-key")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Name of the phone"), { target: { value: "Budi's phone" } });
    fireEvent.click(screen.getByRole("button", { name: "Create a device key" }));
    const shown = await screen.findByRole("dialog", { name: "Your new device key" }, LOAD);
    const [stored] = api.db.rows("device-key");
    expect(stored).toMatchObject({ user_id: WORKER_ID, name: "Budi's phone" });
    fireEvent.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(api.requests("POST", "device-key/search").length).toBeGreaterThanOrEqual(2), LOAD);
    await screen.findByText("Budi's phone", {}, LOAD);

    fireEvent.click(screen.getByRole("button", { name: "Revoke" }));
    const confirm = await screen.findByRole("tooltip", {}, LOAD);
    fireEvent.click(within(confirm).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(api.requests("DELETE", `device-key/delete/${String(stored.id)}`)).toHaveLength(1), LOAD);
    expect(await screen.findByText("Device key revoked", {}, LOAD)).toBeInTheDocument();
    await screen.findByText("No device key yet.", {}, LOAD);
  });

  it("device keys: empty zone means UTC (nothing sent); a zone chosen for an app that sends local times is sent and listed", async () => {
    fakeGeolocation(AT_TOWER_A);
    await renderField();
    await screen.findByRole("heading", { name: "Tracking app" }, LOAD);
    const zone = screen.getByRole("combobox", { name: "Time zone of its local times" });
    expect(zone.closest(".ant-select")).toHaveTextContent("UTC (as Traccar reads them)");
    fireEvent.click(screen.getByRole("button", { name: "Create a device key" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Your new device key" }, LOAD)).getByRole("button", { name: "Done" }));
    // No zone sent; the unnamed key named in the page's language.
    expect(api.requests("POST", "device-key/add")[0].body).toEqual({ name: "Phone" });

    fireEvent.mouseDown(zone);
    fireEvent.change(zone, { target: { value: "Makassar" } });
    fireEvent.click(await screen.findByTitle("Asia/Makassar · WITA · Central Indonesia Time", {}, LOAD));
    fireEvent.click(screen.getByRole("button", { name: "Create a device key" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Your new device key" }, LOAD)).getByRole("button", { name: "Done" }));
    expect(api.requests("POST", "device-key/add")[1].body).toEqual({ name: "Phone", time_zone: "Asia/Makassar" });
    expect(await screen.findByText(/local times in Asia\/Makassar/, {}, LOAD)).toBeInTheDocument();
    expect(zone.closest(".ant-select")).toHaveTextContent("UTC (as Traccar reads them)");
  });
});
