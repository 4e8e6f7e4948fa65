// The field page's offline queue against the contract mock: a clock-in made without network is
// kept (with its capture time and idempotency key), shown as waiting, and sent when the network
// is back; a retry of a request whose answer was lost carries the same key, so the server stores
// one clock-in; what waited survives a reload; a refused action stays with its reason until the
// worker sends it again or discards it (a refused alarm goes again by itself); no browser alert
// interrupts a worker without signal.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newAction } from "../../src/pages/field/model/queue";
import { useFieldStore } from "../../src/pages/field/store/fieldStore";
import type { QueueStorage } from "../../src/pages/field/store/queueStorage";
import type { InstalledContractMock } from "../mocks";
import { server } from "./msw";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, sentBodies, setOnline, takeSelfie, WORKER_ID } from "./support/field";

let api: InstalledContractMock;
let storage: QueueStorage;
let alert: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  api = fieldWorld();
  storage = freshQueueStorage();
  fakeGeolocation(AT_TOWER_A);
  alert = vi.spyOn(window, "alert").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function clockIn() {
  await screen.findByText("Position accurate to ±10 m (the limit is 100 m)", {}, LOAD);
  await takeSelfie();
  const button = screen.getByRole("button", { name: "Clock in" });
  await waitFor(() => expect(button).toBeEnabled());
  button.click();
}

const waitingPanel = () => screen.findByRole("region", { name: /Waiting to be sent/ }, LOAD);

describe("offline queue", () => {
  it("keeps a clock-in made offline, shows it waiting, and sends it once when the network is back", async () => {
    await renderField();
    setOnline(false);
    await clockIn();

    const panel = await waitingPanel();
    expect(within(panel).getByText(/^Clock-in · made at \d\d:\d\d( WIB)?$/)).toBeInTheDocument();
    expect(within(panel).getByText("No network: it is sent as soon as there is a connection.")).toBeInTheDocument();
    expect(screen.getByText("You are offline. What you do here is kept on this phone and sent when the network is back.")).toBeInTheDocument();
    expect(screen.getByText("waiting to be sent")).toBeInTheDocument();
    expect(api.requests("POST", "presence/clock-in")).toHaveLength(0);
    expect(await storage.all(WORKER_ID)).toHaveLength(1);

    setOnline(true);
    await screen.findByText(/^Clocked in at \d\d:\d\d( WIB)?$/, {}, LOAD);
    expect(screen.getByText("It was kept on this phone while offline and has been sent now.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: /Waiting to be sent/ })).not.toBeInTheDocument());
    const [sent] = sentBodies(api, "POST", "presence/clock-in");
    expect(sent).toMatchObject({ project_id: "1", lon: String(AT_TOWER_A.lon), lat: String(AT_TOWER_A.lat), accuracy: "10", selfie: { size: 8 } });
    expect(api.db.rows("presence")).toHaveLength(1);
    expect(api.db.rows("presence")[0]).toMatchObject({ user_id: WORKER_ID, project_id: 1, work_area_in: "inside" });
    expect(await storage.all(WORKER_ID)).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it("retries a clock-in whose answer was lost with the same idempotency key and capture time: one clock-in stored", async () => {
    const attempts: Array<{ key: unknown; captured: unknown }> = [];
    // The first request reaches the server (the contract mock stores it), then the answer is lost.
    server.use(
      http.post(
        /\/api\/presence\/clock-in$/,
        async ({ request }) => {
          const forward = request.clone();
          const form = await request.formData();
          attempts.push({ key: form.get("idempotency_key"), captured: form.get("captured_at") });
          await fetch(forward);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await renderField();
    await clockIn();

    const panel = await waitingPanel();
    expect(within(panel).getByText("No network: it is sent as soon as there is a connection.")).toBeInTheDocument();
    expect(api.db.rows("presence")).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();

    within(panel).getByRole("button", { name: "Send now" }).click();
    await screen.findByText(/^Clocked in at \d\d:\d\d( WIB)?$/, {}, LOAD);
    const [retry] = sentBodies(api, "POST", "presence/clock-in").slice(-1);
    expect(attempts).toHaveLength(1);
    expect(retry.idempotency_key).toBe(attempts[0].key);
    expect(retry.captured_at).toBe(attempts[0].captured);
    expect(api.db.rows("presence")).toHaveLength(1);
    expect(await screen.findByText(/^Clocked in since \d\d:\d\d( WIB)?$/, {}, LOAD)).toBeInTheDocument();
  });

  it("sends on page start what waited when the page was closed, with its capture time", async () => {
    const view = await renderField();
    setOnline(false);
    await clockIn();
    await waitingPanel();
    const [kept] = await storage.all(WORKER_ID);
    view.unmount();

    setOnline(true);
    await renderField();
    await screen.findByText(/^Clocked in at \d\d:\d\d( WIB)?$/, {}, LOAD);
    const sent = sentBodies(api, "POST", "presence/clock-in");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ captured_at: kept.capturedAt, idempotency_key: kept.key });
    expect(api.db.rows("presence")[0].clock_in).toBe(kept.capturedAt);
  });

  it("keeps an action the server refuses with its reason, not sent again by itself; the worker discards it", async () => {
    const old = newAction(
      "clockIn",
      WORKER_ID,
      { project_id: 1, lon: AT_TOWER_A.lon, lat: AT_TOWER_A.lat, accuracy: 10 },
      new Blob(["x"], { type: "image/png" }),
      Date.now() - 25 * 3600_000,
    );
    await storage.put(old);
    await renderField();

    await screen.findByText("The clock-in was not stored", {}, LOAD);
    expect(screen.getByText("Some fields are not valid. Must be within the last 24 hours.")).toBeInTheDocument();
    const panel = await waitingPanel();
    expect(await within(panel).findByText("Not stored: Some fields are not valid. Must be within the last 24 hours.")).toBeInTheDocument();
    expect(api.db.rows("presence")).toHaveLength(0);
    const [kept] = await storage.all(WORKER_ID);
    expect(kept).toMatchObject({ id: old.id, key: old.key, capturedAt: old.capturedAt, refused: { reason: "Some fields are not valid. Must be within the last 24 hours." } });
    // A refused clock-in is not counted as done: the worker can clock in anew.
    expect(screen.getByText("Not clocked in yet")).toBeInTheDocument();

    // "Send now" sends what waits, not the refused one.
    within(panel).getByRole("button", { name: "Send now" }).click();
    await waitFor(() => expect(useFieldStore.getState().sending).toBe(false));
    expect(api.requests("POST", "presence/clock-in")).toHaveLength(1);

    within(panel).getByRole("button", { name: "Discard" }).click();
    const confirm = await screen.findByText("Discard it? It is removed from this phone and not sent.", {}, LOAD);
    within(confirm.closest(".ant-popover") as HTMLElement)
      .getByRole("button", { name: "Discard" })
      .click();
    await waitFor(() => expect(screen.queryByRole("region", { name: /Waiting to be sent/ })).not.toBeInTheDocument());
    expect(await storage.all(WORKER_ID)).toHaveLength(0);
  });

  it("sends a refused action again when the worker asks, with its capture time and key", async () => {
    let refuse = true;
    server.use(http.post(/\/api\/presence\/clock-in$/, () => (refuse ? HttpResponse.json({ message: "Already being processed.", key: "conflict" }, { status: 409 }) : undefined)));
    await renderField();
    await clockIn();
    const panel = await waitingPanel();
    expect(await within(panel).findByText("Not stored: Already being processed.", {}, LOAD)).toBeInTheDocument();
    const [kept] = await storage.all(WORKER_ID);

    refuse = false;
    within(panel).getByRole("button", { name: "Send again" }).click();
    await screen.findByText(/^Clocked in at \d\d:\d\d( WIB)?$/, {}, LOAD);
    const sent = sentBodies(api, "POST", "presence/clock-in");
    expect(sent.at(-1)).toMatchObject({ captured_at: kept.capturedAt, idempotency_key: kept.key });
    expect(api.db.rows("presence")).toHaveLength(1);
    expect(await storage.all(WORKER_ID)).toHaveLength(0);
  });

  it("keeps a refused alarm and sends it again with every round until it is stored", async () => {
    let refuse = true;
    server.use(
      http.post(/\/api\/panic-button\/add$/, () =>
        refuse ? HttpResponse.json({ message: "Some fields are not valid.", key: "validation_failed", errors: { project_id: ["Unknown project."] } }, { status: 400 }) : undefined,
      ),
    );
    await storage.put(newAction("panic", WORKER_ID, { message: "help" }));
    await renderField();
    const panel = await waitingPanel();
    expect(
      await within(panel).findByText("Not stored: Some fields are not valid. Unknown project. It is sent again every minute until it is stored or you discard it.", {}, LOAD),
    ).toBeInTheDocument();
    expect(await storage.all(WORKER_ID)).toHaveLength(1);
    // The emergency card says it too: not stored, sent again.
    expect(screen.getByTestId("own-alarm")).toHaveTextContent(
      /^The alarm made at \d\d:\d\d( WIB)? was not stored\. It is sent again every minute; if you can, call for help too\.Some fields are not valid\. Unknown project\.$/,
    );

    refuse = false;
    within(panel).getByRole("button", { name: "Send now" }).click();
    await waitFor(() => expect(api.db.rows("panic-button")).toHaveLength(1), LOAD);
    expect(await storage.all(WORKER_ID)).toHaveLength(0);
  });

  it("keeps each person's actions apart on a shared phone: only the signed-in worker's are sent", async () => {
    await storage.put(newAction("panic", WORKER_ID + 1, { message: "someone else's" }));
    await renderField();
    await screen.findByText("Position accurate to ±10 m (the limit is 100 m)", {}, LOAD);
    expect(screen.queryByRole("region", { name: /Waiting to be sent/ })).not.toBeInTheDocument();
    expect(api.requests("POST", "panic-button/add")).toHaveLength(0);
    expect(await storage.all(WORKER_ID + 1)).toHaveLength(1);
  });
});
