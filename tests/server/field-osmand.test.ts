// Device keys and /osmand (docs/api.md "Field capture"): a key is answered once and only its
// hash stored; the key's positions come in by the OsmAnd protocol of Traccar Client, in the
// query/form format (GET query, POST query, POST form) and the JSON format (one location or a
// list); an unknown or revoked key is 401, bad coordinates or time 400, and a refused request
// stores nothing.
import { createHash } from "node:crypto";
import dayjs from "dayjs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

  it("reads the timestamp as Traccar does: Unix seconds, milliseconds, ISO, 'yyyy-MM-dd HH:mm:ss' as UTC (the company being in WIB), none = now", async () => {
    const ms = Date.now() - 50 * 60_000;
    const iso = new Date(Date.now() - 49 * 60_000).toISOString().replace(/\.\d+Z$/, "Z");
    const at = Math.floor((Date.now() - 48 * 60_000) / 1000) * 1000;
    const local = dayjs(at).utc().format("YYYY-MM-DD HH:mm:ss");
    for (const ts of [String(ms), encodeURIComponent(iso), encodeURIComponent(local)]) {
      const res = await osmand("GET", `/osmand?deviceid=${key}&timestamp=${ts}&lat=-6.2&lon=106.8`);
      expect(res.statusCode, `${ts}: ${res.body}`).toBe(200);
    }
    const mine = await track(f.worker);
    expect(mine.has(ms)).toBe(true);
    expect(mine.has(Date.parse(iso))).toBe(true);
    // Not 7 hours early, as it was when read in the company's zone (Asia/Jakarta).
    expect(mine.has(at)).toBe(true);
    expect(mine.has(at - 7 * 3600_000)).toBe(false);
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

describe("/osmand: a device key's time zone", () => {
  it("a key made with a zone reads 'yyyy-MM-dd HH:mm:ss' in it (as Traccar's per-device decoder.timezone); the key answers its zone", async () => {
    const made = await f.env.call(f.other, "POST", "/api/device-key/add", { name: "Logger WITA", time_zone: "Asia/Makassar" });
    expect(made.status, made.raw).toBe(200);
    expect(made.body.data.time_zone).toBe("Asia/Makassar");
    const at = Math.floor((Date.now() - 30 * 60_000) / 1000) * 1000;
    const local = dayjs(at).tz("Asia/Makassar").format("YYYY-MM-DD HH:mm:ss");
    const res = await osmand("GET", `/osmand?id=${made.body.data.key}&timestamp=${encodeURIComponent(local)}&lat=-5.17&lon=119.48`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await track(f.other)).has(at)).toBe(true);
    // Only local times: Unix and ISO times with an offset are instants whatever the key's zone.
    const iso = new Date(at + 60_000).toISOString();
    expect((await osmand("GET", `/osmand?id=${made.body.data.key}&timestamp=${encodeURIComponent(iso)}&lat=-5.17&lon=119.48`)).statusCode).toBe(200);
    expect((await track(f.other)).has(at + 60_000)).toBe(true);
  });

  it("a zone that is none is refused when the key is made (400 bad_timezone), nothing stored", async () => {
    const before = (await f.env.db.selectFrom("device_key").select("id").execute()).length;
    const res = await f.env.call(f.other, "POST", "/api/device-key/add", { time_zone: "Mars/Olympus" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["time_zone"]);
    expect((await f.env.db.selectFrom("device_key").select("id").execute()).length).toBe(before);
  });
});

// Traccar's own decoder tests, ported: src/test/java/org/traccar/protocol/OsmAndProtocolDecoderTest.java
// of github.com/traccar/traccar (master, 9e5c458, 2026-08-21), each request string as it is there
// with its device id replaced by a device key of ours, and what it must decode to. Traccar's
// verifyPosition checks only that a position comes out (time, coordinates and speed in range):
// the values asserted here are the request's own, read as Traccar's OsmAndProtocolDecoder reads
// them (speed in knots in the query form, m/s in JSON; `yyyy-MM-dd HH:mm:ss` as UTC, Traccar's
// zone when its server runs in UTC). Where this server differs on purpose (docs/api.md "/osmand"),
// the case says so. The cases' times are years old: each runs with the clock set a minute after
// its time (positions older than 7 days are refused).
describe("/osmand: Traccar's OsmAndProtocolDecoderTest, ported", () => {
  type Decoded = { wptime: number | "now"; lat: number; lon: number; speed?: number | null; battery?: number | null; accuracy?: number | null };
  const at = (iso: string) => Date.parse(iso);
  /** The request as Traccar's test sends it (query, or JSON body), with `{id}` for its device id. */
  const QUERY: Array<[string, string, Decoded | { status: number; errors?: string[] }]> = [
    // verifyNotNull: Traccar makes a position at the last known place (cell and wifi kept); here a
    // request without a position is refused.
    [
      "testDecodeQuery 1 (cells and wifi, no position)",
      "/?id={id}&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70",
      { status: 400, errors: ["lat", "lon"] },
    ],
    // verifyNull: no device id, no position (Traccar answers 400; here 401, no key).
    ["testDecodeQuery 2 (no id)", "/?timestamp=1377177267&lat=60.0&lon=30.0", { status: 401 }],
    [
      "testDecodeQuery 3 (ISO time)",
      "/?id={id}&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0",
      { wptime: at("2016-01-27T18:55:47Z"), lat: 42.06288, lon: -88.23412, speed: 0 },
    ],
    [
      "testDecodeQuery 4 (milliseconds)",
      "/?id={id}&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0",
      { wptime: 1442068686579, lat: 42.06288, lon: -88.23412, speed: 0 },
    ],
    [
      "testDecodeQuery 5 (yyyy-MM-dd HH:mm:ss, read as UTC)",
      "/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id={id}",
      { wptime: at("2014-06-04T09:10:11Z"), lat: 49.60688, lon: 6.15788, speed: 0 },
    ],
    [
      "testDecodeQuery 6 (seconds, bearing, hdop)",
      "/?id={id}&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0",
      { wptime: 1377177267000, lat: 60, lon: 30, speed: 0 },
    ],
    ["testDecodeQuery 7 (seconds, position only)", "/?id={id}&timestamp=1377177267&lat=60.0&lon=30.0", { wptime: 1377177267000, lat: 60, lon: 30 }],
    [
      "testDecodeQuery 8 (deviceid, no time: now)",
      "/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid={id}",
      { wptime: "now", lat: 60, lon: 30, speed: 0 },
    ],
    [
      "testDecodeQuery 9 (battery, no time: now)",
      "/?id={id}&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87",
      { wptime: "now", lat: 41.666667, lon: -0.883333, speed: 0, battery: 87 },
    ],
    ["testDecodeQuery 10 (location=lat,lon)", "/?id={id}&timestamp=1377177267&location=60.0,30.0", { wptime: 1377177267000, lat: 60, lon: 30 }],
    [
      "testDecodeQuery 11 (speed 40 knots, other attributes)",
      "/?id={id}&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24",
      { wptime: 1504763810000, lat: 40.7232948571, lon: -74.0061408571, speed: 20.58 },
    ],
  ];
  const JSON_CASES: Array<[string, string, Decoded]> = [
    [
      "testDecodeJson 1",
      '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"{id}"}',
      { wptime: at("2025-06-15T13:45:12.862Z"), lat: 37.4219983, lon: -122.084, speed: 0, battery: 100, accuracy: 5 },
    ],
    // Traccar keeps the extras as attributes (device_integer_twelve_test = 12); here they are taken and not stored.
    [
      "testDecodeJson 2 (extras)",
      '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{"device_string_test":"long_device_id","device_bool_test":true,"device_bool_false_test":false,"device_integer_test":1,"device_integer_twelve_test":12,"device_double_test":1.345,"device_very_long_double_test":1763636.3442},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"{id}"}',
      { wptime: at("2025-06-15T13:45:12.862Z"), lat: 37.4219983, lon: -122.084, speed: 0, battery: 100, accuracy: 5 },
    ],
    [
      "testDecodeJson 3 (iOS, unknown speed and battery: -1)",
      '{"location":{"extras":{},"mock":true,"coords":{"speed_accuracy":-1,"speed":-1,"longitude":-122.406417,"ellipsoidal_altitude":0,"floor":null,"heading_accuracy":-1,"latitude":37.785834000000001,"accuracy":5,"altitude_accuracy":-1,"altitude":0,"heading":-1},"is_moving":false,"age":188,"odometer":0,"uuid":"2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8","event":"motionchange","battery":{"level":-1,"is_charging":false},"activity":{"type":"unknown","confidence":100},"timestamp":"2025-05-09T04:11:30.579Z"},"device_id":"{id}"}',
      { wptime: at("2025-05-09T04:11:30.579Z"), lat: 37.785834, lon: -122.406417, speed: null, battery: null, accuracy: 5 },
    ],
    [
      "testDecodeJson 4 (Jakarta, 18.67 m/s)",
      '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"{id}"}',
      { wptime: at("2021-07-21T08:06:34.444Z"), lat: -6.1148096, lon: 106.6837015, speed: 18.67, battery: 79, accuracy: 3.8 },
    ],
  ];

  /** Runs one request with the clock a minute after `time` (now: the real clock). */
  async function atTime<T>(time: number | "now", run: () => Promise<T>): Promise<T> {
    if (time === "now") return run();
    vi.useFakeTimers({ toFake: ["Date"], now: time + 60_000, shouldAdvanceTime: true });
    try {
      return await run();
    } finally {
      vi.useRealTimers();
    }
  }

  /** The worker's waypoint at `time`, taken out again so the next case (same time) is stored afresh. */
  async function takeStored(time: number | "now", since: number): Promise<Record<string, unknown> | undefined> {
    let q = f.env.db.selectFrom("waypoint").selectAll().where("user_id", "=", f.east.id);
    q = time === "now" ? q.where("wptime", ">=", since) : q.where("wptime", "=", time);
    const row = await q.executeTakeFirst();
    await f.env.db.deleteFrom("waypoint").where("user_id", "=", f.east.id).execute();
    return row;
  }

  let eastKey: string;
  beforeAll(async () => {
    eastKey = (await f.env.call(f.east, "POST", "/api/device-key/add", { name: "Traccar test" })).body.data.key;
  });

  const expectDecoded = (row: Record<string, unknown> | undefined, d: Decoded) => {
    expect(row).toBeDefined();
    expect(Number(row!.lat)).toBeCloseTo(d.lat, 6);
    expect(Number(row!.lon)).toBeCloseTo(d.lon, 6);
    if (d.speed !== undefined) expect(row!.speed === null ? null : Number(row!.speed)).toBe(d.speed);
    if (d.battery !== undefined) expect(row!.battery === null ? null : Number(row!.battery)).toBe(d.battery);
    if (d.accuracy !== undefined) expect(row!.accuracy === null ? null : Number(row!.accuracy)).toBe(d.accuracy);
  };

  it.each(QUERY)("%s: GET %s", async (_name, path, expected) => {
    const url = `/osmand${path.slice(1).replace("{id}", eastKey)}`;
    const since = Date.now() - 1000;
    const time = "status" in expected ? Date.parse("2013-08-22T13:14:27Z") : expected.wptime;
    const res = await atTime(time, () => osmand("GET", url));
    if ("status" in expected) {
      expect(res.statusCode, res.body).toBe(expected.status);
      if (expected.errors) expect(Object.keys(res.json().errors).sort()).toEqual(expected.errors);
      expect(await takeStored("now", 0)).toBeUndefined();
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    expectDecoded(await takeStored(expected.wptime, since), expected);
  });

  it.each(QUERY.filter(([, , e]) => !("status" in e)))("%s: the same as a form POST", async (_name, path, expected) => {
    const d = expected as Decoded;
    const since = Date.now() - 1000;
    const res = await atTime(d.wptime, () => osmand("POST", "/osmand", { body: path.slice(2).replace("{id}", eastKey), type: "application/x-www-form-urlencoded" }));
    expect(res.statusCode, res.body).toBe(200);
    expectDecoded(await takeStored(d.wptime, since), d);
  });

  it.each(JSON_CASES)("%s: POST application/json", async (_name, body, expected) => {
    const res = await atTime(expected.wptime, () => osmand("POST", "/osmand", { body: body.replace("{id}", eastKey), type: "application/json" }));
    expect(res.statusCode, res.body).toBe(200);
    expectDecoded(await takeStored(expected.wptime, 0), expected);
  });
});
