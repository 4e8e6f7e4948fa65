// Device keys and /osmand (docs/api.md "Field capture"): a key is answered once and only its
// hash stored; the key's positions come in by the OsmAnd protocol of Traccar Client, in the
// query/form format (GET query, POST query, POST form) and the JSON format (one location or a
// list); an unknown or revoked key is 401, bad coordinates or time 400, and a refused request
// stores nothing.
import { createHash } from "node:crypto";
import dayjs from "dayjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupField, storedCounts, type FieldEnv } from "./field-fixture";
import type { FixtureUser } from "./helpers";

let f: FieldEnv;
let key: string;
beforeAll(async () => {
  f = await setupField();
  key = (await f.env.call(f.worker, "POST", "/api/device-key/add", { name: "HP Wati" })).body.data.key;
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const osmand = (method: "GET" | "POST", url: string, o: { body?: string | object; type?: string } = {}) =>
  f.env.app.inject({
    method,
    url,
    ...(o.body === undefined ? {} : { payload: typeof o.body === "string" ? o.body : JSON.stringify(o.body) }),
    headers: o.type ? { "content-type": o.type } : {},
  });

/** The user's waypoints by time (ms → row). */
async function track(user: FixtureUser): Promise<Map<number, Record<string, unknown>>> {
  const rows = await f.env.db.selectFrom("waypoint").selectAll().where("user_id", "=", user.id).execute();
  return new Map(rows.map((r) => [Number(r.wptime), r]));
}

const seconds = (minutesAgo: number) => Math.floor((Date.now() - minutesAgo * 60_000) / 1000);

describe("device keys", () => {
  it("add answers the key once (24 characters), the record keeps its SHA-256 and first characters only", async () => {
    const res = await f.env.call(f.worker, "POST", "/api/device-key/add", {});
    expect(res.status, res.raw).toBe(200);
    const d = res.body.data;
    expect(d.key).toMatch(/^[a-z2-7]{24}$/);
    expect(d).toMatchObject({ user_id: f.worker.id, name: "Phone", key_prefix: d.key.slice(0, 4), last_used_at: null, company_id: f.env.companyA });
    expect(d).not.toHaveProperty("key_hash");
    const row = await f.env.db.selectFrom("device_key").selectAll().where("id", "=", d.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash("sha256").update(d.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(d.key);
    // Listed without the secret, and never searchable by it.
    const list = await f.env.call(f.worker, "POST", "/api/device-key/search", {});
    expect(list.body.data.map((k: { id: number }) => k.id)).toContain(d.id);
    expect(JSON.stringify(list.body)).not.toContain(d.key);
    expect(JSON.stringify(list.body)).not.toContain(String(row.key_hash));
    const byHash = await f.env.call(f.worker, "POST", "/api/device-key/search", { columns: [{ data: "key_hash", value: row.key_hash }] });
    expect(byHash.status).toBe(400);
    // The key is not set from a body.
    const chosen = await f.env.call(f.worker, "POST", "/api/device-key/add", { key: "aaaaaaaaaaaaaaaaaaaaaaaa", key_hash: "x", user_id: f.other.id, name: "Mine" });
    expect(chosen.status, chosen.raw).toBe(200);
    expect(chosen.body.data.key).not.toBe("aaaaaaaaaaaaaaaaaaaaaaaa");
    expect(chosen.body.data.user_id).toBe(f.worker.id);
  });

  it("a worker lists and revokes only their own keys; an admin the company's; another company none", async () => {
    const theirs = (await f.env.call(f.other, "POST", "/api/device-key/add", {})).body.data;
    const mine = await f.env.call(f.worker, "POST", "/api/device-key/search", { paging: { start: 0, length: -1 } });
    expect(mine.body.data.every((k: { user_id: number }) => k.user_id === f.worker.id)).toBe(true);
    expect((await f.env.call(f.worker, "DELETE", `/api/device-key/delete/${theirs.id}`)).status).toBe(404);
    expect((await f.env.call(f.env.adminB, "DELETE", `/api/device-key/delete/${theirs.id}`)).status).toBe(404);
    const admin = await f.env.call(f.env.adminA, "POST", "/api/device-key/search", { paging: { start: 0, length: -1 } });
    expect(admin.body.data.map((k: { user_id: number }) => k.user_id)).toEqual(expect.arrayContaining([f.worker.id, f.other.id]));
    expect((await f.env.call(f.env.adminB, "POST", "/api/device-key/search", {})).body.recordsTotal).toBe(0);
    expect((await f.env.call(f.env.adminA, "DELETE", `/api/device-key/delete/${theirs.id}`)).status).toBe(200);
    expect((await f.env.call(f.env.owner, "POST", "/api/device-key/add", {})).status).toBe(403);
  });

  it("delete revokes: the key's next position is 401, nothing stored", async () => {
    const k = (await f.env.call(f.other, "POST", "/api/device-key/add", {})).body.data;
    expect((await osmand("GET", `/osmand?id=${k.key}&lat=-6.2&lon=106.8&timestamp=${seconds(30)}`)).statusCode).toBe(200);
    const used = await f.env.call(f.other, "POST", "/api/device-key/search", { columns: [{ data: "id", value: k.id }] });
    expect(Date.now() - Date.parse(used.body.data[0].last_used_at)).toBeLessThan(60_000);
    expect((await f.env.call(f.other, "DELETE", `/api/device-key/delete/${k.id}`)).status).toBe(200);
    const before = await storedCounts(f.env);
    const res = await osmand("GET", `/osmand?id=${k.key}&lat=-6.2&lon=106.8&timestamp=${seconds(29)}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, key: "unknown_device_key" });
    expect(await storedCounts(f.env)).toEqual(before);
  });
});

describe("/osmand: query and form (Traccar Client's OsmAnd format)", () => {
  it("GET with the query: 200 with an empty body; the waypoint in m/s (speed sent in knots), accuracy, battery", async () => {
    const t = seconds(60);
    const res = await osmand("GET", `/osmand?id=${key}&timestamp=${t}&lat=-6.2001&lon=106.8002&speed=10&bearing=90&altitude=12&accuracy=7.5&batt=64&hdop=1.1`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
    expect((await track(f.worker)).get(t * 1000)).toMatchObject({ lon: 106.8002, lat: -6.2001, accuracy: 7.5, speed: 5.14, battery: 64, company_id: f.env.companyA });
  });

  it("reads the timestamp as Traccar does: Unix seconds, milliseconds, ISO, 'yyyy-MM-dd HH:mm:ss' in the company's zone, none = now", async () => {
    const ms = Date.now() - 50 * 60_000;
    const iso = new Date(Date.now() - 49 * 60_000).toISOString().replace(/\.\d+Z$/, "Z");
    const local = dayjs(Date.now() - 48 * 60_000)
      .tz("Asia/Jakarta")
      .format("YYYY-MM-DD HH:mm:ss");
    for (const ts of [String(ms), encodeURIComponent(iso), encodeURIComponent(local)]) {
      const res = await osmand("GET", `/osmand?deviceid=${key}&timestamp=${ts}&lat=-6.2&lon=106.8`);
      expect(res.statusCode, `${ts}: ${res.body}`).toBe(200);
    }
    const mine = await track(f.worker);
    expect(mine.has(ms)).toBe(true);
    expect(mine.has(Date.parse(iso))).toBe(true);
    expect(mine.has(dayjs.tz(local, "Asia/Jakarta").valueOf())).toBe(true);
    const before = Date.now();
    expect((await osmand("GET", `/osmand?id=${key}&lat=-6.3&lon=106.9`)).statusCode).toBe(200);
    const now = [...(await track(f.worker)).values()].find((r) => r.lat === -6.3);
    expect(Number(now!.wptime)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("takes location=lat,lon, a POST with the query in the URL, and a POST form body", async () => {
    const [a, b, c] = [seconds(40), seconds(39), seconds(38)];
    expect((await osmand("GET", `/osmand?id=${key}&timestamp=${a}&location=-6.21,106.81`)).statusCode).toBe(200);
    expect((await osmand("POST", `/osmand?id=${key}&timestamp=${b}&lat=-6.22&lon=106.82`)).statusCode).toBe(200);
    const form = await osmand("POST", "/osmand", { body: `id=${key}&timestamp=${c}&lat=-6.23&lon=106.83&speed=0&batt=50`, type: "application/x-www-form-urlencoded" });
    expect(form.statusCode, form.body).toBe(200);
    const mine = await track(f.worker);
    expect(mine.get(a * 1000)).toMatchObject({ lat: -6.21, lon: 106.81 });
    expect(mine.get(b * 1000)).toMatchObject({ lat: -6.22, lon: 106.82 });
    expect(mine.get(c * 1000)).toMatchObject({ lat: -6.23, lon: 106.83, speed: 0, battery: 50 });
  });

  it("a position sent again (same time) is stored once and still answered 200 (the app stops resending)", async () => {
    const t = seconds(37);
    const url = `/osmand?id=${key}&timestamp=${t}&lat=-6.24&lon=106.84`;
    const all = await Promise.all([osmand("GET", url), osmand("GET", url), osmand("POST", url)]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await f.env.db
      .selectFrom("waypoint")
      .select("id")
      .where("user_id", "=", f.worker.id)
      .where("wptime", "=", t * 1000)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["no key", () => "/osmand?lat=-6.2&lon=106.8"],
    ["an unknown key", () => "/osmand?id=abcdefghijklmnopqrstuvwx&lat=-6.2&lon=106.8"],
    ["the session token instead of a key", () => `/osmand?id=${f.worker.token}&lat=-6.2&lon=106.8`],
    ["a short key", () => "/osmand?id=abc&lat=-6.2&lon=106.8"],
  ])("401 for %s, nothing stored", async (_what, url) => {
    const before = await storedCounts(f.env);
    const res = await osmand("GET", url());
    expect(res.statusCode).toBe(401);
    expect(await storedCounts(f.env)).toEqual(before);
  });

  it.each([
    ["a latitude out of range", "lat=95&lon=106.8", ["lat"]],
    ["a longitude that is no number", "lat=-6.2&lon=abc", ["lon"]],
    ["no position", "timestamp=1", ["lat", "lon", "timestamp"]],
    ["NaN", "lat=NaN&lon=106.8", ["lat"]],
    ["a timestamp in no known form", "lat=-6.2&lon=106.8&timestamp=yesterday", ["timestamp"]],
    ["a time more than 2 minutes ahead", `lat=-6.2&lon=106.8&timestamp=${Math.floor(Date.now() / 1000) + 600}`, ["timestamp"]],
    ["a time more than 7 days old", `lat=-6.2&lon=106.8&timestamp=${Math.floor(Date.now() / 1000) - 8 * 86400}`, ["timestamp"]],
    ["a battery over 100 %", "lat=-6.2&lon=106.8&batt=250", ["batt"]],
    ["a location with three parts", "location=1,2,3", ["location"]],
  ])("400 for %s, nothing stored", async (_what, query, fields) => {
    const before = await storedCounts(f.env);
    const res = await osmand("GET", `/osmand?id=${key}&${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: false, key: "validation_failed" });
    expect(Object.keys(res.json().errors).sort()).toEqual(fields);
    expect(await storedCounts(f.env)).toEqual(before);
  });

  it("a disabled worker's key is refused (401)", async () => {
    const k = (await f.env.call(f.east, "POST", "/api/device-key/add", {})).body.data.key;
    await f.env.db.updateTable("users").set({ is_active: 0 }).where("id", "=", f.east.id).execute();
    expect((await osmand("GET", `/osmand?id=${k}&lat=-6.2&lon=106.8`)).statusCode).toBe(401);
    await f.env.db.updateTable("users").set({ is_active: 1 }).where("id", "=", f.east.id).execute();
  });
});

describe("/osmand: JSON (Traccar Client 9+)", () => {
  const location = (minutesAgo: number, o: Record<string, unknown> = {}) => ({
    timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    coords: { latitude: -6.25, longitude: 106.85, accuracy: 4.2, speed: 1.5, heading: 63, altitude: 35.7, ...o },
    is_moving: true,
    odometer: 0,
    event: "motionchange",
    battery: { level: 0.79, is_charging: false },
    activity: { type: "walking" },
    extras: {},
  });

  it("stores one location: speed in m/s as sent, battery level 0..1 as percent; unknown (-1) values as none", async () => {
    const one = location(20);
    const res = await osmand("POST", "/osmand", { body: { location: one, device_id: key }, type: "application/json" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe("");
    expect((await track(f.worker)).get(Date.parse(one.timestamp))).toMatchObject({ lat: -6.25, lon: 106.85, accuracy: 4.2, speed: 1.5, battery: 79 });
    const unknown = { ...location(19, { speed: -1, heading: -1 }), battery: { level: -1, is_charging: false } };
    expect((await osmand("POST", "/osmand", { body: { location: unknown, device_id: key }, type: "application/json" })).statusCode).toBe(200);
    expect((await track(f.worker)).get(Date.parse(unknown.timestamp))).toMatchObject({ speed: null, battery: null });
  });

  it("stores a list of locations, all or nothing (a bad one is named, nothing stored)", async () => {
    const list = [location(18), location(17), location(16)];
    const res = await osmand("POST", "/osmand", { body: { location: list, device_id: key }, type: "application/json; charset=utf-8" });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await track(f.worker);
    for (const l of list) expect(mine.has(Date.parse(l.timestamp))).toBe(true);
    const before = await storedCounts(f.env);
    const bad = [location(15), location(14, { latitude: -91 }), { ...location(13), timestamp: "soon" }, { timestamp: location(12).timestamp }];
    const refused = await osmand("POST", "/osmand", { body: { location: bad, device_id: key }, type: "application/json" });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(["location.1.coords.latitude", "location.2.timestamp", "location.3.coords.latitude", "location.3.coords.longitude"]);
    expect(await storedCounts(f.env)).toEqual(before);
  });

  it("401 for an unknown or missing device_id, 400 for a body that is no location (nothing stored)", async () => {
    const before = await storedCounts(f.env);
    expect((await osmand("POST", "/osmand", { body: { location: location(5), device_id: "nope-nope-nope-nope" }, type: "application/json" })).statusCode).toBe(401);
    expect((await osmand("POST", "/osmand", { body: { location: location(5) }, type: "application/json" })).statusCode).toBe(401);
    expect((await osmand("POST", "/osmand", { body: { device_id: key }, type: "application/json" })).statusCode).toBe(400);
    expect((await osmand("POST", "/osmand", { body: { device_id: key, location: [] }, type: "application/json" })).statusCode).toBe(400);
    expect((await osmand("POST", "/osmand", { body: { device_id: key, location: "here" }, type: "application/json" })).statusCode).toBe(400);
    expect((await osmand("POST", "/osmand", { body: "{not json", type: "application/json" })).statusCode).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => location(i / 100));
    expect((await osmand("POST", "/osmand", { body: { device_id: key, location: many }, type: "application/json" })).statusCode).toBe(400);
    expect(await storedCounts(f.env)).toEqual(before);
  });
});
