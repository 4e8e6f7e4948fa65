// GET /api/events (docs/api.md "Live events"): the token check (401 in the usual envelope, the
// stream ended when the token is revoked), hello first, and who receives what: never another
// company's events, only with the read right on the event's resource, and within the row scope
// (a worker their own, a supervisor their projects', an admin the company's).
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeToken } from "../../server/auth/tokens";
import { load } from "./custom-fixture";
import { PositionThrottle } from "../../server/events/publish";
import { captureParts, JAKARTA, lastLocal, MAKASSAR, person, sendForm, setupField, type FieldEnv } from "./field-fixture";
import type { FixtureUser } from "./helpers";
import { readSse, type Frame, type SseReader } from "./sse";

let f: FieldEnv;
let base: string;
beforeAll(async () => {
  f = await setupField();
  await f.env.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(f.env.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const open: SseReader[] = [];
async function connect(as: FixtureUser | null, headers: Record<string, string> = {}): Promise<{ res: Response; sse: SseReader | null }> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers }, signal: abort.signal });
  if (res.status !== 200) return { res, sse: null };
  const sse = readSse(res, abort);
  open.push(sse);
  await sse.next((fr) => fr.event === "hello");
  return { res, sse };
}
afterAll(() => {
  for (const s of open) s.close();
});

/** A marker every stream of the company may receive, published after `what`: once it arrived, `what` would have too. */
async function settled(streams: SseReader[]): Promise<void> {
  const marker = f.env.app.services.events.publish({ type: "rights", company_id: null, data: {} });
  await Promise.all(streams.map((s) => s.next((fr) => fr.event === "rights" && fr.id === String(marker.id))));
}

const panicsOf = (s: SseReader) => s.frames.filter((fr) => fr.event === "panic").map((fr) => fr.data as { action: string; panic: { id: number } });

describe("the token", () => {
  it("answers 401 in the usual envelope without a token or with an unknown one", async () => {
    for (const headers of [{}, { authorization: "Bearer notarealtokennotarealtoken" }] as Array<Record<string, string>>) {
      const res = await fetch(`${base}/api/events`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: false, key: "unauthorized", message: expect.any(String) });
    }
  });

  it("opens a text/event-stream that says hello with the server's time", async () => {
    const { res, sse } = await connect(f.supervisor);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const hello = sse!.frames[0];
    expect(hello.event).toBe("hello");
    expect(hello.id).toBeUndefined();
    expect(Math.abs(Date.parse((hello.data as { server_time: string }).server_time) - Date.now())).toBeLessThan(60_000);
  });

  it("ends the stream at the next event once the token is revoked", async () => {
    const { issueToken, sha256 } = await import("../../server/auth/tokens");
    const { token } = await issueToken(f.env.db, f.supervisor.id, 1);
    const me = { ...f.supervisor, token };
    const { sse } = await connect(me);
    await revokeToken(f.env.db, sha256(token));
    // The token was checked when the stream opened; the next check comes with an event after AUTH_RECHECK_MS (made past here) or the heartbeat.
    for (const s of liveStreamsOf(me)) s.authAt = 0;
    const position = { user_id: f.supervisor.id, lon: 106.8, lat: -6.2, accuracy: null, at: new Date().toISOString() };
    f.env.app.services.events.publish({ type: "position", company_id: f.env.companyA, data: position, row: { user_id: f.supervisor.id, project_id: null } });
    await sse!.next(() => false, 5000).catch((e: Error) => expect(e.message).toMatch(/stream ended/));
    expect(sse!.ended()).toBe(true);
    expect(sse!.frames.map((fr) => fr.event)).toEqual(["hello"]);
  });
});

/** The open streams of a user in this process (the registry's). */
const liveStreamsOf = (u: FixtureUser) => f.env.app.liveEvents.registry.streams().filter((s) => s.audience.actor.userId === u.id);

describe("who receives a panic", () => {
  it("goes to the worker, their site's supervisor and the company's admin; never to another worker, a role without the panic menu, another company or the platform owner", async () => {
    const streams = {
      worker: (await connect(f.worker)).sse!,
      other: (await connect(f.other)).sse!,
      supervisor: (await connect(f.supervisor)).sse!,
      clerk: (await connect(f.clerk)).sse!,
      adminA: (await connect(f.env.adminA)).sse!,
      workerB: (await connect(f.workerB)).sse!,
      adminB: (await connect(f.env.adminB)).sse!,
      owner: (await connect(f.env.owner)).sse!,
    };
    const raised = await f.env.call(f.worker, "POST", "/api/panic-button/add", { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8, project_id: f.jakarta, message: "help" });
    expect(raised.status).toBe(200);
    await settled(Object.values(streams));
    for (const who of ["worker", "supervisor", "adminA"] as const) {
      expect(panicsOf(streams[who])).toEqual([
        { action: "raised", panic: expect.objectContaining({ id: raised.body.data.id, user_id: f.worker.id, user_id_label: "Wati Pekerja", status: "open" }) },
      ]);
    }
    for (const who of ["other", "clerk", "workerB", "adminB", "owner"] as const) expect(panicsOf(streams[who])).toEqual([]);

    // A panic at the Makassar site: not the Jakarta supervisor's.
    const east = await f.env.call(f.east, "POST", "/api/panic-button/add", { lon: MAKASSAR[0], lat: MAKASSAR[1], project_id: f.makassar });
    expect(east.status).toBe(200);
    await settled(Object.values(streams));
    expect(panicsOf(streams.adminA).map((p) => p.panic.id)).toEqual([raised.body.data.id, east.body.data.id]);
    expect(panicsOf(streams.supervisor).map((p) => p.panic.id)).toEqual([raised.body.data.id]);

    // Acknowledged by the supervisor: the worker hears who did.
    const ack = await f.env.call(f.supervisor, "PUT", `/api/panic-button/acknowledge/${raised.body.data.id}`, { note: "on my way" });
    expect(ack.status).toBe(200);
    const heard = await streams.worker.next((fr) => fr.event === "panic" && (fr.data as { action: string }).action === "acknowledged");
    expect(heard.data).toMatchObject({ panic: { id: raised.body.data.id, status: "acknowledged", handled_by: f.supervisor.id, handled_by_label: "Surya Pengawas" } });
    await settled(Object.values(streams));
    expect(panicsOf(streams.other)).toEqual([]);
    expect(panicsOf(streams.adminB)).toEqual([]);
    // Ids grow.
    const ids = streams.adminA.frames.filter((fr: Frame) => fr.id).map((fr) => Number(fr.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe("clock in and positions", () => {
  it("sends the clock-in to the site's supervisor and the admin, not to the other worker; a position at most once per 5 s per worker, to those who may see the map", async () => {
    const streams = {
      supervisor: (await connect(f.supervisor)).sse!,
      adminA: (await connect(f.env.adminA)).sse!,
      other: (await connect(f.other)).sse!,
      adminB: (await connect(f.env.adminB)).sse!,
    };
    const at = lastLocal(8, 0, "Asia/Jakarta");
    const clock = await sendForm(
      f.env,
      f.worker,
      "/api/presence/clock-in",
      captureParts({ project_id: f.jakarta, lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, captured_at: at }),
    );
    expect(clock.status).toBe(200);
    await settled(Object.values(streams));
    const presenceOf = (s: SseReader) => s.frames.filter((fr) => fr.event === "presence").map((fr) => fr.data);
    for (const s of [streams.supervisor, streams.adminA])
      expect(presenceOf(s)).toEqual([{ action: "clock_in", presence: expect.objectContaining({ id: clock.body.data.id, user_id: f.worker.id, project_id: f.jakarta }) }]);
    expect(presenceOf(streams.other)).toEqual([]);
    expect(presenceOf(streams.adminB)).toEqual([]);

    // Three batches at once: the first position goes out, the newest of the others after the interval.
    const t0 = Date.now() - 60_000;
    for (const [i, lon] of [106.801, 106.802, 106.803].entries()) {
      const res = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", { points: [{ wptime: new Date(t0 + i * 1000).toISOString(), lon, lat: -6.2, accuracy: 4 }] });
      expect(res.status).toBe(200);
    }
    await settled(Object.values(streams));
    const positionsOf = (s: SseReader) => s.frames.filter((fr) => fr.event === "position").map((fr) => fr.data as { lon: number });
    // The supervisor holds map-monitoring (company scope by their menu's default: projects; the worker is on their site).
    expect(positionsOf(streams.supervisor)).toEqual([{ user_id: f.worker.id, lon: 106.801, lat: -6.2, accuracy: 4, at: new Date(t0).toISOString() }]);
    expect(positionsOf(streams.adminA).map((p) => p.lon)).toEqual([106.801]);
    const later = await streams.adminA.next((fr) => fr.event === "position" && (fr.data as { lon: number }).lon !== 106.801, 10_000);
    expect((later.data as { lon: number }).lon).toBe(106.803);
    await settled(Object.values(streams));
    expect(positionsOf(streams.adminA).map((p) => p.lon)).toEqual([106.801, 106.803]);
    expect(positionsOf(streams.other)).toEqual([]);
    expect(positionsOf(streams.adminB)).toEqual([]);
  });
});

describe("positions: whose, and how often", () => {
  const positionsOf = (s: SseReader, who: FixtureUser) =>
    s.frames.filter((fr) => fr.event === "position" && (fr.data as { user_id: number }).user_id === who.id).map((fr) => (fr.data as { lon: number }).lon);
  const point = (wptime: number, lon: number) => ({ wptime, lon, lat: -6.2, accuracy: 5 });

  it("reaches the supervisor of the worker's site, not the supervisor of another site", async () => {
    // A supervisor of the Makassar site, holding what the Jakarta supervisor holds.
    const full = { can_add: true, can_edit: true, can_delete: true };
    const eastBoss = await person(f.env, f.env.companyA, "Made Pengawas", "made@alpha.test", "supervisor", {
      presence: full,
      "panic-button": full,
      "map-monitoring": { can_add: false, can_edit: false, can_delete: false },
    });
    await load(f.env, [["user-to-proyek", [{ company_id: f.env.companyA, user_id: eastBoss.id, project_id: f.makassar, is_active: true }]]]);
    const streams = { jakarta: (await connect(f.supervisor)).sse!, makassar: (await connect(eastBoss)).sse!, adminA: (await connect(f.env.adminA)).sse! };
    // Eko works in Makassar only, Wulan in Jakarta only; each sends a batch through the API.
    const t0 = Date.now() - 30_000;
    for (const [who, lon] of [
      [f.east, 119.4856],
      [f.other, 106.8011],
    ] as const) {
      const res = await f.env.call(who, "POST", "/api/waypoint/add-batch", { points: [{ wptime: new Date(t0).toISOString(), lon, lat: -6.2, accuracy: 4 }] });
      expect(res.status).toBe(200);
    }
    await settled(Object.values(streams));
    expect(positionsOf(streams.makassar, f.east)).toEqual([119.4856]);
    expect(positionsOf(streams.jakarta, f.east)).toEqual([]);
    expect(positionsOf(streams.jakarta, f.other)).toEqual([106.8011]);
    expect(positionsOf(streams.makassar, f.other)).toEqual([]);
    expect(positionsOf(streams.adminA, f.east)).toEqual([119.4856]);
    expect(positionsOf(streams.adminA, f.other)).toEqual([106.8011]);
  });

  it("reaches a stream at most once per worker per 5 s even when two processes publish that worker's positions", async () => {
    const bus = f.env.app.services.events;
    // Two publishers, each pacing its own positions as one server process does (WORKERS=2, two instances).
    const first = new PositionThrottle(bus);
    const second = new PositionThrottle(bus);
    try {
      // A worker of the Jakarta site no position was sent of yet.
      const worker = await person(f.env, f.env.companyA, "Wira Baru", "wira@alpha.test", "worker", { "panic-button": { can_add: true, can_edit: false, can_delete: false } });
      await load(f.env, [["user-to-proyek", [{ company_id: f.env.companyA, user_id: worker.id, project_id: f.jakarta, is_active: true }]]]);
      const sse = (await connect(f.supervisor)).sse!;
      const owner = { userId: worker.id, companyId: f.env.companyA };
      const t0 = Date.now() - 20_000;
      first.add(owner, [point(t0, 106.821)]);
      // Each publisher lets its first position through at once: the stream must still get one.
      second.add(owner, [point(t0 + 1000, 106.822)]);
      // Older than the one the stream got: never sent.
      second.add(owner, [point(t0 - 1000, 106.82)]);
      const sent = Date.now();
      await settled([sse]);
      expect(positionsOf(sse, worker)).toEqual([106.821]);
      // The newer one comes when the 5 s end.
      await sse.next((fr) => fr.event === "position" && (fr.data as { lon: number }).lon === 106.822, 10_000);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(4_500);
      await settled([sse]);
      expect(positionsOf(sse, worker)).toEqual([106.821, 106.822]);
    } finally {
      first.close();
      second.close();
    }
  }, 20_000);
});
