// Read-only sessions on the field's own writes (issue 27, findings 1 and 2): a view-as session and
// a company past its subscription are refused every write, whatever the operation's right (the
// worker's own clock-in, position batch and device key; /osmand), with 409 read_only and nothing
// stored; a panic alarm is stored past the subscription (safety before billing), never from a
// view-as session; the view-as session's event stream is the viewed worker's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "../../server/access/identity";
import { wibDay } from "./custom-fixture";
import { captureParts, JAKARTA, sendForm, setupField, storedCounts, type FieldEnv } from "./field-fixture";
import type { FixtureUser } from "./helpers";
import type { AddressInfo } from "node:net";
import { readSse, type SseReader } from "./sse";

let f: FieldEnv;
let key: string;
let viewer: FixtureUser;
beforeAll(async () => {
  f = await setupField();
  key = (await f.env.call(f.worker, "POST", "/api/device-key/add", { name: "HP Wati" })).body.data.key;
  // The company admin views the product as the worker's role.
  const open = await f.env.call(f.env.adminA, "POST", `/api/role/view-as/${f.worker.actor.roleId}`, { user_id: f.worker.id });
  expect(open.status, open.raw).toBe(200);
  viewer = { ...f.env.adminA, token: open.body.data.token };
  await f.env.app.listen({ port: 0, host: "127.0.0.1" });
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const clockIn = (as: FixtureUser) => sendForm(f.env, as, "/api/presence/clock-in", captureParts({ lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8, project_id: f.jakarta }));
const clockOut = (as: FixtureUser) => sendForm(f.env, as, "/api/presence/clock-out", captureParts({ lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8 }));
const positions = (as: FixtureUser) =>
  f.env.call(as, "POST", "/api/waypoint/add-batch", { points: [{ wptime: new Date().toISOString(), lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5 }] });
const panic = (as: FixtureUser) => f.env.call(as, "POST", "/api/panic-button/add", { project_id: f.jakarta, lon: JAKARTA[0], lat: JAKARTA[1], message: "Tolong" });
const osmand = () => f.env.app.inject({ method: "GET", url: `/osmand?id=${key}&lat=${JAKARTA[1]}&lon=${JAKARTA[0]}&timestamp=${Math.floor(Date.now() / 1000)}` });
const counts = async () => ({
  ...(await storedCounts(f.env)),
  waypoints: Number(
    (
      await f.env.db
        .selectFrom("waypoint")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  panics: Number(
    (
      await f.env.db
        .selectFrom("panic_button")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});
const setEnd = (company: number, end: string | null) => f.env.db.updateTable(COMPANIES.table).set({ subscription_end: end }).where("id", "=", company).execute();

describe("a view-as session", () => {
  it("acts as the viewed worker and reads as them", async () => {
    const today = await f.env.call(viewer, "GET", "/api/presence/today");
    expect(today.status, today.raw).toBe(200);
    const session = (await f.env.call(viewer, "GET", "/api/session")).body.data;
    expect(session.user).toMatchObject({ id: f.worker.id });
    expect(session.view_as).toMatchObject({ by_id: f.env.adminA.id, role_id: f.worker.actor.roleId });
  });

  it("is refused the worker's own writes: clock-in, clock-out, positions, device keys, a panic (409 read_only), nothing stored", async () => {
    const before = await counts();
    for (const res of [
      await clockIn(viewer),
      await clockOut(viewer),
      await positions(viewer),
      await panic(viewer),
      await f.env.call(viewer, "POST", "/api/device-key/add", { name: "x" }),
    ]) {
      expect(res.status, res.raw).toBe(409);
      expect(res.body).toMatchObject({ key: "read_only", details: { reason: "view_as" } });
    }
    expect(await counts()).toEqual(before);
    // The worker's own session writes as before.
    expect((await positions(f.worker)).status).toBe(200);
  });

  it("hears the viewed worker's events on its stream, not the admin's", async () => {
    const base = `http://127.0.0.1:${(f.env.app.server.address() as AddressInfo).port}`;
    const streams: SseReader[] = [];
    const connect = async (as: FixtureUser) => {
      const abort = new AbortController();
      const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${as.token}` }, signal: abort.signal });
      expect(res.status).toBe(200);
      const sse = readSse(res, abort);
      streams.push(sse);
      await sse.next((fr) => fr.event === "hello");
      return sse;
    };
    try {
      const view = await connect(viewer);
      const admin = await connect(f.env.adminA);
      const bus = f.env.app.services.events;
      const toAdmin = bus.publish({ type: "rights", company_id: f.env.companyA, user_ids: [f.env.adminA.id], data: {} });
      const toWorker = bus.publish({ type: "rights", company_id: f.env.companyA, user_ids: [f.worker.id], data: {} });
      await admin.next((fr) => fr.event === "rights" && fr.id === String(toAdmin.id));
      await view.next((fr) => fr.event === "rights" && fr.id === String(toWorker.id));
      // The admin's own event did not reach the stream acting as the worker (it came before the worker's).
      expect(view.frames.filter((fr) => fr.event === "rights").map((fr) => fr.id)).toEqual([String(toWorker.id)]);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe("a company past its subscription", () => {
  it("refuses its worker's clock-in, positions and /osmand (409 read_only), stores nothing; stores a panic", async () => {
    await setEnd(f.env.companyA, wibDay(-1));
    try {
      const before = await counts();
      const refused = [await clockIn(f.worker), await positions(f.worker)];
      for (const res of refused) {
        expect(res.status, res.raw).toBe(409);
        expect(res.body).toMatchObject({ key: "read_only", details: { reason: "subscription_ended" } });
      }
      const traccar = await osmand();
      expect(traccar.statusCode, traccar.body).toBe(409);
      expect(JSON.parse(traccar.body)).toMatchObject({ key: "read_only", details: { reason: "subscription_ended" } });
      expect(await counts()).toEqual(before);
      // Safety before billing: the alarm is stored.
      const alarm = await panic(f.worker);
      expect(alarm.status, alarm.raw).toBe(200);
      expect((await counts()).panics).toBe(before.panics + 1);
      // Another company is untouched.
      expect((await positions(f.workerB)).status).toBe(200);
    } finally {
      await setEnd(f.env.companyA, null);
    }
    expect((await osmand()).statusCode).toBe(200);
  });
});
