// Alerts from a clocked-in worker's positions (docs/api.md "Alerts generated from the rules";
// server/events/position-watch.ts), sent as Traccar Client does (/osmand, with its `batt`) and by
// the phone page (waypoint add-batch): leaving the work area by more than the rule's metres,
// coming back, no movement for the rule's minutes, a low battery; each once per episode, not once
// per position; nothing for a worker who is not clocked in. The work area is the project's polygon
// when it has one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "./custom-fixture";
import { captureParts, JAKARTA, MAKASSAR, sendForm, setupField, type FieldEnv } from "./field-fixture";

let f: FieldEnv;
let key: string;
let otherKey: string;
beforeAll(async () => {
  f = await setupField({ liveSweepMs: 0 });
  key = (await f.env.call(f.worker, "POST", "/api/device-key/add", { name: "HP Wati" })).body.data.key;
  otherKey = (await f.env.call(f.other, "POST", "/api/device-key/add", { name: "HP Wulan" })).body.data.key;
  const types: Array<[string, number | null]> = [
    ["geofence_exit", 300],
    ["geofence_enter", null],
    ["no_movement", 10],
    ["low_battery", 15],
  ];
  const [rules] = await load(f.env, [
    ["config-alert", types.map(([alert_type, threshold]) => ({ company_id: f.env.companyA, name: alert_type, alert_type, threshold, is_active: true }))],
  ]);
  await load(f.env, [["config-alert-to-user", rules.map((rule) => ({ company_id: f.env.companyA, config_alert_id: rule, user_id: f.supervisor.id, channel: "app" }))]]);
}, 60_000);
afterAll(async () => {
  await f?.close();
});

/** [lon, lat] this many metres east of the Jakarta site. */
const east = (m: number): [number, number] => [JAKARTA[0] + m / (111_320 * Math.cos((6.2 * Math.PI) / 180)), JAKARTA[1]];
const ago = (minutes: number) => Date.now() - minutes * 60_000;

async function osmand(k: string, at: [number, number], minutesAgo: number, batt?: number) {
  const q = `id=${k}&lat=${at[1]}&lon=${at[0]}&timestamp=${Math.floor(ago(minutesAgo) / 1000)}${batt === undefined ? "" : `&batt=${batt}`}`;
  const res = await f.env.app.inject({ method: "GET", url: `/osmand?${q}` });
  expect(res.statusCode, res.body).toBe(200);
}

async function alerts(userId: number): Promise<string[]> {
  const rows = await f.env.db.selectFrom("alert").select(["alert_type", "project_id"]).where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((r) => String(r.alert_type));
}

describe("alerts from the positions of a clocked-in worker", () => {
  it("raises geofence exit and enter, no movement and low battery once per episode", async () => {
    const clockIn = await sendForm(
      f.env,
      f.worker,
      "/api/presence/clock-in",
      captureParts({ project_id: f.jakarta, lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, captured_at: new Date(ago(45)).toISOString() }),
    );
    expect(clockIn.status, clockIn.raw).toBe(200);
    expect(clockIn.body.data.work_area_in).toBe("inside");

    await osmand(key, east(100), 44, 80); // inside the 200 m area
    await osmand(key, east(450), 43, 79); // 250 m outside: within the rule's 300 m
    expect(await alerts(f.worker.id)).toEqual([]);
    await osmand(key, east(850), 42, 78); // 650 m outside: left
    await osmand(key, east(900), 41, 77); // still outside: the same leaving
    expect(await alerts(f.worker.id)).toEqual(["geofence_exit"]);

    // Back inside, by the phone page's batch.
    const batch = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", {
      points: [{ wptime: new Date(ago(40)).toISOString(), lon: JAKARTA[0], lat: JAKARTA[1], battery: 76 }],
    });
    expect(batch.status, batch.raw).toBe(200);
    expect(await alerts(f.worker.id)).toEqual(["geofence_exit", "geofence_enter"]);

    // Out again: a second leaving; then standing still there 10 minutes (positions within 50 m).
    await osmand(key, east(850), 35, 70);
    await osmand(key, east(860), 30, 60);
    expect(await alerts(f.worker.id)).toEqual(["geofence_exit", "geofence_enter", "geofence_exit"]);
    await osmand(key, east(855), 25, 50);
    expect((await alerts(f.worker.id)).filter((a) => a === "no_movement")).toEqual(["no_movement"]);
    await osmand(key, east(850), 22, 14); // still the same stillness; the battery at 14 %
    await osmand(key, east(850), 21, 10); // lower still: no second low battery
    expect(await alerts(f.worker.id)).toEqual(["geofence_exit", "geofence_enter", "geofence_exit", "no_movement", "low_battery"]);

    // The alerts are about the worker at the site, for the rule's recipient.
    const rows = await f.env.db
      .selectFrom("alert as a")
      .innerJoin("alert_to_user as t", "t.alert_id", "a.id")
      .select(["a.project_id", "t.user_id"])
      .where("a.user_id", "=", f.worker.id)
      .execute();
    expect(rows.every((r) => Number(r.project_id) === f.jakarta && Number(r.user_id) === f.supervisor.id)).toBe(true);
  });

  it("raises nothing for a worker who is not clocked in", async () => {
    await osmand(otherKey, JAKARTA, 10, 90);
    await osmand(otherKey, east(2000), 9, 5);
    await osmand(otherKey, east(2000), 1, 5);
    expect(await alerts(f.other.id)).toEqual([]);
  });

  it("watches the project's polygon when it has one (the radius being only the simple case)", async () => {
    // A strip along the road: 2 km east of the site, 55 m wide.
    const polygon = { type: "Polygon", coordinates: [[JAKARTA, east(2000), [east(2000)[0], -6.1995], [JAKARTA[0], -6.1995], JAKARTA].map((p) => [p[0], p[1]])] };
    const bad = await f.env.call(f.env.adminA, "PUT", `/api/project/update/${f.makassar}`, { work_area: { type: "Polygon", coordinates: [[[1, 2]]] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("work_area");
    const ok = await f.env.call(f.env.adminA, "PUT", `/api/project/update/${f.jakarta}`, { work_area: polygon });
    expect(ok.status, ok.raw).toBe(200);
    const clockIn = await sendForm(
      f.env,
      f.other,
      "/api/presence/clock-in",
      captureParts({ project_id: f.jakarta, lon: east(1500)[0], lat: -6.1998, accuracy: 5, captured_at: new Date(ago(8)).toISOString() }),
    );
    expect(clockIn.status, clockIn.raw).toBe(200);
    // 1.5 km from the site, inside the strip: inside.
    expect(clockIn.body.data.work_area_in).toBe("inside");
    await osmand(otherKey, [east(1800)[0], -6.1998], 7);
    expect(await alerts(f.other.id)).toEqual([]);
    // 400 m north of the strip: outside by more than the rule's 300 m.
    await osmand(otherKey, [east(1800)[0], -6.1995 + 400 / 110_574], 6);
    expect(await alerts(f.other.id)).toEqual(["geofence_exit"]);
  });

  it("a rule added after positions were checked applies to the very next position (the rules are cached until one is written)", async () => {
    const eastKey = (await f.env.call(f.east, "POST", "/api/device-key/add", { name: "HP Timur" })).body.data.key;
    const clockIn = await sendForm(
      f.env,
      f.east,
      "/api/presence/clock-in",
      captureParts({ project_id: f.makassar, lon: MAKASSAR[0], lat: MAKASSAR[1], accuracy: 5, captured_at: new Date(ago(30)).toISOString() }),
    );
    expect(clockIn.status, clockIn.raw).toBe(200);
    await osmand(eastKey, MAKASSAR, 29, 50); // above the rule's 15 %
    await osmand(eastKey, MAKASSAR, 28, 50);
    expect(await alerts(f.east.id)).toEqual([]);
    const rule = await f.env.call(f.env.adminA, "POST", "/api/config-alert/add", { name: "Baterai 60", alert_type: "low_battery", threshold: 60, is_active: true });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    await osmand(eastKey, MAKASSAR, 27, 50);
    expect(await alerts(f.east.id)).toEqual(["low_battery"]);
  });
});
