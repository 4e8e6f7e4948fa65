// panic-button add and acknowledge, waypoint add-batch (docs/api.md "Field capture"): the
// worker's own alarm (never refused for a missing fix), acknowledged once by a reviewer within
// their row scope; positions of the field page in batches, idempotent by time, all or nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JAKARTA, setupField, storedCounts, type FieldEnv } from "./field-fixture";

let f: FieldEnv;
beforeAll(async () => {
  f = await setupField();
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe("panic-button add", () => {
  it("stores the worker's open alarm with the position, accuracy, message and capture time", async () => {
    const at = ago(4);
    const res = await f.env.call(f.worker, "POST", "/api/panic-button/add", {
      lon: JAKARTA[0],
      lat: JAKARTA[1],
      accuracy: 35,
      project_id: f.jakarta,
      message: "Rekan pingsan di galian",
      captured_at: at,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      user_id: f.worker.id,
      project_id: f.jakarta,
      alert_time: at,
      location: JAKARTA,
      accuracy: 35,
      message: "Rekan pingsan di galian",
      status: "open",
      handled_by: null,
      sent_late: true,
    });
  });

  it("is never refused for a missing or poor fix: no position, any accuracy; one coordinate alone is", async () => {
    const bare = await f.env.call(f.worker, "POST", "/api/panic-button/add", {});
    expect(bare.status, bare.raw).toBe(200);
    expect(bare.body.data).toMatchObject({ location: null, status: "open", sent_late: false });
    const poor = await f.env.call(f.worker, "POST", "/api/panic-button/add", { lon: 106.8, lat: -6.2, accuracy: 2500 });
    expect(poor.status).toBe(200);
    const before = await storedCounts(f.env);
    const half = await f.env.call(f.worker, "POST", "/api/panic-button/add", { lon: 106.8 });
    expect(half.status).toBe(400);
    expect(half.body.errors).toEqual({ lat: "Required." });
    const long = await f.env.call(f.worker, "POST", "/api/panic-button/add", { message: "x".repeat(501) });
    expect(long.body.errors).toEqual({ message: "At most 500 characters." });
    const foreign = await f.env.call(f.worker, "POST", "/api/panic-button/add", { project_id: f.bandung });
    expect(foreign.body.errors).toEqual({ project_id: "No such record." });
    const forSomeoneElse = await f.env.call(f.worker, "POST", "/api/panic-button/add", { user_id: f.other.id });
    expect(forSomeoneElse.body.errors).toEqual({ user_id: "You can only choose yourself." });
    const notObject = await f.env.call(f.worker, "POST", "/api/panic-button/add", [1, 2]);
    expect(notObject.status).toBe(400);
    expect(await storedCounts(f.env)).toEqual(before);
  });

  it("is stored whatever its capture time says: 5 min ahead, 25 h behind, absent, unreadable; the receipt time taken and the skew flagged", async () => {
    const add = async (captured_at?: string) => {
      const before = Date.now();
      const res = await f.env.call(f.worker, "POST", "/api/panic-button/add", captured_at === undefined ? {} : { captured_at });
      expect(res.status, res.raw).toBe(200);
      const d = res.body.data as Record<string, unknown>;
      const received = Date.parse(String(d.received_at));
      expect(received).toBeGreaterThanOrEqual(before - 1000);
      expect(received).toBeLessThanOrEqual(Date.now() + 1000);
      return d;
    };
    const aheadAt = new Date(Date.now() + 5 * 60_000).toISOString();
    const ahead = await add(aheadAt);
    // The phone's clock is 5 minutes fast: the alarm takes the server's receipt, the phone's time is kept beside it.
    expect(ahead).toMatchObject({ status: "open", alert_time: ahead.received_at, captured_at: aheadAt, sent_late: false });
    expect(ahead.clock_skew_seconds).toBeGreaterThanOrEqual(295);
    expect(ahead.clock_skew_seconds).toBeLessThanOrEqual(300);

    const behindAt = ago(25 * 60);
    const behind = await add(behindAt);
    expect(behind).toMatchObject({ status: "open", alert_time: behind.received_at, captured_at: behindAt });
    expect(behind.clock_skew_seconds).toBeLessThanOrEqual(-25 * 3600 + 5);
    expect(behind.clock_skew_seconds).toBeGreaterThanOrEqual(-25 * 3600 - 5);

    const absent = await add();
    expect(absent).toMatchObject({ alert_time: absent.received_at, captured_at: null, clock_skew_seconds: null, sent_late: false });
    const unreadable = await add("yesterday");
    expect(unreadable).toMatchObject({ alert_time: unreadable.received_at, captured_at: null, clock_skew_seconds: null });

    // A time within the tolerance is the phone's (queued 4 min ago: sent late), no skew.
    const queuedAt = ago(4);
    const queued = await add(queuedAt);
    expect(queued).toMatchObject({ alert_time: queuedAt, captured_at: queuedAt, clock_skew_seconds: null, sent_late: true });

    // Every one of them is in the office's list of open alarms.
    const list = await f.env.call(f.env.adminA, "POST", "/api/panic-button/search", { columns: [{ data: "status", value: "open" }], start: 0, length: 100 });
    const ids = (list.body.data as Array<{ id: number }>).map((r) => r.id);
    for (const r of [ahead, behind, absent, unreadable, queued]) expect(ids).toContain(r.id);
  });

  it("stores one alarm for retries with one key, also concurrent ones", async () => {
    const before = await storedCounts(f.env);
    const body = { lon: JAKARTA[0], lat: JAKARTA[1], idempotency_key: "panic-1234-abcd", captured_at: ago(1) };
    const all = await Promise.all(Array.from({ length: 5 }, () => f.env.call(f.worker, "POST", "/api/panic-button/add", body)));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(all.map((r) => r.body.data.id)).size).toBe(1);
    expect((await storedCounts(f.env)).panic).toBe(before.panic + 1);
  });

  it("is anyone's of a company for themselves, menu or not (safety first); needs a company and a token", async () => {
    // The clerk's role holds no panic menu: their own alarm is stored all the same.
    const own = await f.env.call(f.clerk, "POST", "/api/panic-button/add", { lon: 106.8, lat: -6.2 });
    expect(own.status, own.raw).toBe(200);
    expect(own.body.data.user_id).toBe(f.clerk.id);
    expect((await f.env.call(f.env.owner, "POST", "/api/panic-button/add", {})).status).toBe(403);
    expect((await f.env.call(null, "POST", "/api/panic-button/add", {})).status).toBe(401);
  });
});

describe("panic-button acknowledge", () => {
  const raise = async (as = f.worker, project = f.jakarta) => (await f.env.call(as, "POST", "/api/panic-button/add", { project_id: project, lon: 106.8, lat: -6.2 })).body.data;

  it("records who and when; a second acknowledge is 409 naming who did", async () => {
    const alarm = await raise();
    const res = await f.env.call(f.supervisor, "PUT", `/api/panic-button/acknowledge/${alarm.id}`, { note: "Menuju lokasi" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "acknowledged", handled_by: f.supervisor.id, handled_by_label: "Surya Pengawas", note: "Menuju lokasi" });
    expect(Date.now() - Date.parse(res.body.data.handled_at)).toBeLessThan(60_000);
    const again = await f.env.call(f.env.adminA, "PUT", `/api/panic-button/acknowledge/${alarm.id}`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      key: "already_acknowledged",
      message: "This alert was already acknowledged by Surya Pengawas.",
      details: { status: "acknowledged", handled_by: f.supervisor.id, handled_by_name: "Surya Pengawas", handled_at: res.body.data.handled_at },
    });
    // The worker sees who answered.
    const mine = await f.env.call(f.worker, "POST", "/api/panic-button/search", { columns: [{ data: "id", value: alarm.id }] });
    expect(mine.body.data[0]).toMatchObject({ status: "acknowledged", handled_by_label: "Surya Pengawas" });
  });

  it("two reviewers at once: one acknowledges, the other is told (409)", async () => {
    const alarm = await raise();
    const both = await Promise.all([f.supervisor, f.env.adminA].map((u) => f.env.call(u, "PUT", `/api/panic-button/acknowledge/${alarm.id}`, {})));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("needs the edit right (a worker: 403), the row in scope (a supervisor of other sites, another company: 404)", async () => {
    const alarm = await raise();
    expect((await f.env.call(f.worker, "PUT", `/api/panic-button/acknowledge/${alarm.id}`, {})).status).toBe(403);
    expect((await f.env.call(f.env.adminB, "PUT", `/api/panic-button/acknowledge/${alarm.id}`, {})).status).toBe(404);
    const makassar = await raise(f.east, f.makassar);
    expect((await f.env.call(f.supervisor, "PUT", `/api/panic-button/acknowledge/${makassar.id}`, {})).status).toBe(404);
    expect((await f.env.call(f.supervisor, "PUT", "/api/panic-button/acknowledge/999999", {})).status).toBe(404);
    expect((await f.env.call(f.supervisor, "PUT", "/api/panic-button/acknowledge/abc", {})).status).toBe(404);
    const after = await f.env.call(f.env.adminA, "POST", "/api/panic-button/search", { columns: [{ data: "id", value: makassar.id }] });
    expect(after.body.data[0].status).toBe("open");
  });

  it("a worker cannot set the status through update/{id} (no edit right); a reviewer resolves it once acknowledged", async () => {
    const alarm = await raise();
    expect((await f.env.call(f.worker, "PUT", `/api/panic-button/update/${alarm.id}`, { status: "resolved" })).status).toBe(403);
    // The alarm's flow: acknowledged first (its action), then resolved by a reviewer (docs/api.md "Flows").
    const early = await f.env.call(f.supervisor, "PUT", `/api/panic-button/update/${alarm.id}`, { status: "resolved" });
    expect(early.status, early.raw).toBe(409);
    expect(early.body.key).toBe("step_out_of_order");
    expect((await f.env.call(f.supervisor, "PUT", `/api/panic-button/acknowledge/${alarm.id}`, {})).status).toBe(200);
    const res = await f.env.call(f.supervisor, "PUT", `/api/panic-button/update/${alarm.id}`, { status: "resolved" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.status).toBe("resolved");
  });
});

describe("waypoint add-batch", () => {
  const point = (minutesAgo: number, extra: Record<string, unknown> = {}) => ({
    wptime: ago(minutesAgo),
    lon: 106.8 + minutesAgo / 1e4,
    lat: -6.2,
    accuracy: 6,
    speed: 1.2,
    battery: 80,
    ...extra,
  });
  const mine = async (user = f.worker) =>
    (
      await f.env.db
        .selectFrom("waypoint")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow()
    ).n;

  it("stores the actor's points; a point already stored (time) is skipped, not an error", async () => {
    const points = [point(10), point(9), point(8)];
    const res = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", { points });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ stored: 3, skipped: 0 });
    // One point twice in the batch: the same object (two calls of point(7) may fall a millisecond apart).
    const twice = point(7);
    const again = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", { points: [...points, twice, twice] });
    expect(again.body.data).toEqual({ stored: 1, skipped: 4 });
    expect(Number(await mine())).toBe(4);
    const track = await f.env.call(f.supervisor, "POST", "/api/waypoint/search", { columns: [{ data: "user_id", value: f.worker.id }], paging: { start: 0, length: -1 } });
    expect(track.body.data).toHaveLength(4);
    expect(track.body.data[0]).toMatchObject({ user_id: f.worker.id, accuracy: 6, speed: 1.2, battery: 80 });
  });

  it("concurrent copies of one batch store it once", async () => {
    const before = Number(await mine(f.other));
    const points = Array.from({ length: 50 }, (_, i) => point(100 + i));
    const all = await Promise.all(Array.from({ length: 4 }, () => f.env.call(f.other, "POST", "/api/waypoint/add-batch", { points })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(all.reduce((n, r) => n + r.body.data.stored, 0)).toBe(50);
    expect(Number(await mine(f.other)) - before).toBe(50);
  });

  it("is all or nothing: a bad point is named (points.N.field), nothing stored", async () => {
    const before = await storedCounts(f.env);
    const res = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", {
      points: [
        point(30),
        point(29, { lat: 95 }),
        point(28, { wptime: ago(8 * 24 * 60) }),
        point(27, { wptime: new Date(Date.now() + 10 * 60_000).toISOString() }),
        "x",
        point(26, { battery: 120 }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      "points.1.lat": "Must be at most 90.",
      "points.2.wptime": "Must be within the last 168 hours.",
      "points.3.wptime": "Must not be more than 2 minutes ahead of the server's clock.",
      "points.4": "The request is not valid.",
      "points.5.battery": "Must be at most 100.",
    });
    for (const body of [{}, { points: [] }, { points: Array.from({ length: 1001 }, (_, i) => point(i / 10)) }, { points: "all" }]) {
      const r = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", body);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ points: "Must be a non-empty list (at most 1000)." });
    }
    expect(await storedCounts(f.env)).toEqual(before);
  });

  it("is the actor's own (anyone signed in, no menu needed): naming someone else is refused", async () => {
    const res = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", { user_id: f.other.id, points: [point(50)] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ user_id: "You can only choose yourself." });
    const inPoint = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", { points: [point(50, { user_id: f.other.id })] });
    expect(inPoint.body.errors).toEqual({ "points.0.user_id": "You can only choose yourself." });
    const clerk = await f.env.call(f.clerk, "POST", "/api/waypoint/add-batch", { points: [point(50)] });
    expect(clerk.status, clerk.raw).toBe(200);
    expect((await f.env.call(f.env.owner, "POST", "/api/waypoint/add-batch", { points: [point(50)] })).status).toBe(403);
    expect((await f.env.call(null, "POST", "/api/waypoint/add-batch", { points: [point(50)] })).status).toBe(401);
    // Another company's worker stores into their company.
    const b = await f.env.call(f.workerB, "POST", "/api/waypoint/add-batch", { points: [point(50)] });
    expect(b.body.data).toEqual({ stored: 1, skipped: 0 });
    const row = await f.env.db.selectFrom("waypoint").select("company_id").where("user_id", "=", f.workerB.id).executeTakeFirstOrThrow();
    expect(Number(row.company_id)).toBe(f.env.companyB);
  });
});
