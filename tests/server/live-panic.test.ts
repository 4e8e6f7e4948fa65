// Panic escalation and trail, alerts from the rules, and `rights` (docs/api.md "Live events"):
// a panic nobody acknowledges within the company's setting is escalated once (event, trail, an
// alert to the admins); the trail names who it was delivered to, who acknowledged and resolved it;
// the rules of config-alert make alerts for their recipients (panic, late clock-in, no clock-in,
// phone silent); a role-menu write tells that role's streams their rights changed.
import type { AddressInfo } from "node:net";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENUS } from "../../server/access/identity";
import { escalatePanics, noClockIn, phoneSilent } from "../../server/events/sweep";
import { load } from "./custom-fixture";
import { captureParts, JAKARTA, JAKARTA_500M_EAST, lastLocal, MAKASSAR, sendForm, setupField, type FieldEnv } from "./field-fixture";
import type { FixtureUser } from "./helpers";
import { readSse, type SseReader } from "./sse";

dayjs.extend(utc);
dayjs.extend(timezone);

let f: FieldEnv;
let base: string;
const open: SseReader[] = [];
beforeAll(async () => {
  f = await setupField();
  await f.env.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(f.env.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  for (const s of open) s.close();
  await f?.close();
});

async function connect(as: FixtureUser): Promise<SseReader> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${as.token}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const sse = readSse(res, abort);
  open.push(sse);
  await sse.next((fr) => fr.event === "hello");
  return sse;
}

async function settled(streams: SseReader[]): Promise<void> {
  // A rights broadcast reaches every stream, after whatever was published before it.
  const m = f.env.app.services.events.publish({ type: "rights", company_id: null, data: {} });
  await Promise.all(streams.map((s) => s.next((fr) => fr.event === "rights" && fr.id === String(m.id))));
}

const bus = () => f.env.app.services.events;
const db = () => f.env.db;

describe("a panic's escalation and trail", () => {
  it("escalates once after the company's setting, alerts the admins, and keeps the trail: raised, delivered, escalated, acknowledged, resolved", async () => {
    await db().updateTable("companies").set({ panic_escalate_seconds: 30 }).where("id", "=", f.env.companyA).execute();
    const supervisor = await connect(f.supervisor);
    const admin = await connect(f.env.adminA);
    const worker = await connect(f.worker);
    const raised = await f.env.call(f.worker, "POST", "/api/panic-button/add", { lon: JAKARTA[0], lat: JAKARTA[1], project_id: f.jakarta });
    expect(raised.status).toBe(200);
    const id = raised.body.data.id as number;
    const t0 = Date.parse(raised.body.data.alert_time);
    await settled([supervisor, admin, worker]);

    // Not yet: 29 s after.
    expect(await escalatePanics(db(), bus(), t0 + 29_000)).toBe(0);
    expect(await escalatePanics(db(), bus(), t0 + 31_000)).toBe(1);
    expect(await escalatePanics(db(), bus(), t0 + 60_000)).toBe(0);
    const escalated = await admin.next((fr) => fr.event === "panic" && (fr.data as { action: string }).action === "escalated");
    expect(escalated.data).toMatchObject({ panic: { id, status: "open", escalated_at: new Date(t0 + 31_000).toISOString() } });
    await supervisor.next((fr) => fr.event === "panic" && (fr.data as { action: string }).action === "escalated");
    // The admins' alert: to adminA (the company's admin), not to the supervisor.
    const alert = await admin.next((fr) => fr.event === "alert");
    expect(alert.data).toMatchObject({
      alert: { alert_type: "panic_escalated", user_id: f.worker.id, title: "Wati Pekerja", severity: "critical" },
      to_user_ids: [f.env.adminA.id],
    });
    await settled([supervisor, admin]);
    expect(supervisor.frames.filter((fr) => fr.event === "alert")).toEqual([]);
    const rows = await db().selectFrom("alert_to_user").select(["user_id"]).where("company_id", "=", f.env.companyA).execute();
    expect(rows.map((r) => Number(r.user_id))).toEqual([f.env.adminA.id]);

    const ack = await f.env.call(f.supervisor, "PUT", `/api/panic-button/acknowledge/${id}`, { note: "on my way" });
    expect(ack.status).toBe(200);
    const resolved = await f.env.call(f.supervisor, "PUT", `/api/panic-button/update/${id}`, { status: "resolved", note: "fell, no injury" });
    expect(resolved.status).toBe(200);
    const heard = await worker.next((fr) => fr.event === "panic" && (fr.data as { action: string }).action === "resolved");
    expect(heard.data).toMatchObject({ panic: { id, status: "resolved" } });

    type Step = { kind: string; actor_id: number | null; actor_name: string | null; note: string | null; channel: string | null };
    let all: Step[];
    // The e-mail's attempt is the delivery queue's, after the escalation: read until it is there.
    for (;;) {
      const trail = await f.env.call(f.supervisor, "GET", `/api/panic-button/trail/${id}`);
      expect(trail.status).toBe(200);
      all = trail.body.data as Step[];
      if (all.some((s) => s.channel === "email")) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // The escalation's e-mail to the admin, without an SMTP server here: failed for good, with the reason
    // (its timing is the delivery queue's: tests/server/alert-delivery.test.ts).
    const mails = all.filter((s) => s.channel === "email").map((s) => [s.kind, s.actor_name, s.note]);
    expect(mails).toEqual([["failed", "Ana Admin", "no SMTP server (SMTP_URL is not set): the mail waits in the outbox"]]);
    const steps = all.filter((s) => s.channel !== "email").map((s) => [s.kind, s.actor_name, s.note]);
    expect(steps[0]).toEqual(["raised", "Wati Pekerja", null]);
    // Delivered to the supervisor and the admin (each once, though the escalation reached them again), never "to" the worker.
    expect(
      steps
        .filter((s) => s[0] === "delivered")
        .map((s) => s[1])
        .sort(),
    ).toEqual(["Ana Admin", "Surya Pengawas"]);
    expect(steps.slice(-3)).toEqual([
      ["escalated", null, null],
      ["acknowledged", "Surya Pengawas", "on my way"],
      ["resolved", "Surya Pengawas", "fell, no injury"],
    ]);
    // Another company's, or out of the row scope: 404; without the panic menu: 403.
    for (const who of [f.workerB, f.env.adminB, f.other]) expect((await f.env.call(who, "GET", `/api/panic-button/trail/${id}`)).status).toBe(404);
    expect((await f.env.call(f.clerk, "GET", `/api/panic-button/trail/${id}`)).status).toBe(403);
    expect((await f.env.call(null, "GET", `/api/panic-button/trail/${id}`)).status).toBe(401);
  });
});

describe("alerts from the rules", () => {
  it("makes an alert per rule for its recipients (the event to them and the admins only), once", async () => {
    const [[panicRule, lateRule, absentRule, silentRule]] = await load(f.env, [
      [
        "config-alert",
        [
          { company_id: f.env.companyA, name: "Panic", alert_type: "panic_button", is_active: true },
          { company_id: f.env.companyA, name: "Late", alert_type: "late_clock_in", is_active: true },
          { company_id: f.env.companyA, name: "Absent", alert_type: "no_clock_in", threshold: 0, is_active: true },
          { company_id: f.env.companyA, name: "Silent", alert_type: "phone_silent", threshold: 20, is_active: true },
        ],
      ],
    ]);
    await load(f.env, [
      [
        "config-alert-to-user",
        [panicRule, lateRule, absentRule, silentRule].map((rule) => ({ company_id: f.env.companyA, config_alert_id: rule, user_id: f.clerk.id, channel: "app" })),
      ],
    ]);
    const clerk = await connect(f.clerk);
    const supervisor = await connect(f.supervisor);
    const admin = await connect(f.env.adminA);
    const adminB = await connect(f.env.adminB);

    const raised = await f.env.call(f.other, "POST", "/api/panic-button/add", { project_id: f.jakarta, message: "stuck" });
    expect(raised.status).toBe(200);
    const got = await clerk.next((fr) => fr.event === "alert");
    expect(got.data).toMatchObject({
      alert: { alert_type: "panic_button", user_id: f.other.id, project_id: f.jakarta, message: "stuck", is_viewed: false },
      to_user_ids: [f.clerk.id],
    });
    await admin.next((fr) => fr.event === "alert" && (fr.data as { alert: { alert_type: string } }).alert.alert_type === "panic_button");

    // A late clock-in (09:00 against 08:00 + 15 min).
    const late = await sendForm(
      f.env,
      f.worker,
      "/api/presence/clock-in",
      captureParts({ project_id: f.jakarta, lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, captured_at: lastLocal(9, 0, "Asia/Jakarta") }),
    );
    expect(late.status).toBe(200);
    expect(late.body.data.presence_status).toBe("late");
    const lateAlert = await clerk.next((fr) => fr.event === "alert" && (fr.data as { alert: { alert_type: string } }).alert.alert_type === "late_clock_in");
    expect(lateAlert.data).toMatchObject({ alert: { user_id: f.worker.id } });

    // No clock-in: at 09:00 Jakarta of the worker's day, `other` and `east` had none (the worker clocked in).
    const date = late.body.data.presence_date as string;
    const nine = dayjs.tz(`${date}T09:00:00`, "Asia/Jakarta").valueOf();
    await noClockIn(db(), bus(), nine);
    await noClockIn(db(), bus(), nine + 60_000);
    // Phone silent: 21 minutes after the clock-in without a position.
    await phoneSilent(db(), bus(), Date.parse(late.body.data.clock_in) + 21 * 60_000);
    await phoneSilent(db(), bus(), Date.parse(late.body.data.clock_in) + 22 * 60_000);
    await settled([clerk, supervisor, admin, adminB]);
    const alertsOf = (s: SseReader) =>
      s.frames
        .filter((fr) => fr.event === "alert")
        .map((fr) => [(fr.data as { alert: { alert_type: string; user_id: number } }).alert.alert_type, (fr.data as { alert: { user_id: number } }).alert.user_id]);
    expect(alertsOf(clerk)).toEqual([
      ["panic_button", f.other.id],
      ["late_clock_in", f.worker.id],
      ...[
        ["no_clock_in", f.other.id],
        ["no_clock_in", f.east.id],
      ].sort((a, b) => Number(a[1]) - Number(b[1])),
      ["phone_silent", f.worker.id],
    ]);
    expect(alertsOf(admin)).toEqual(alertsOf(clerk));
    expect(alertsOf(supervisor)).toEqual([]);
    expect(alertsOf(adminB)).toEqual([]);
    const stored = await db().selectFrom("alert_to_user").select("user_id").where("company_id", "=", f.env.companyA).where("user_id", "=", f.clerk.id).execute();
    expect(stored).toHaveLength(5);
  });
});

describe("clock-in outside the work area", () => {
  it("alerts the rule's recipients and the admins on a clock-in outside the site's area; not one inside, not for a rule of another site or an inactive one", async () => {
    const [[outside, makassarOnly, inactive]] = await load(f.env, [
      [
        "config-alert",
        [
          { company_id: f.env.companyA, name: "Outside", alert_type: "clock_in_outside_area", message: "Check where they are", is_active: true },
          { company_id: f.env.companyA, name: "Outside Makassar", alert_type: "clock_in_outside_area", project_id: f.makassar, is_active: true },
          { company_id: f.env.companyA, name: "Outside (off)", alert_type: "clock_in_outside_area", is_active: false },
        ],
      ],
    ]);
    await load(f.env, [
      [
        "config-alert-to-user",
        [
          { company_id: f.env.companyA, config_alert_id: outside, user_id: f.clerk.id, channel: "app" },
          { company_id: f.env.companyA, config_alert_id: makassarOnly, user_id: f.supervisor.id, channel: "app" },
          { company_id: f.env.companyA, config_alert_id: inactive, user_id: f.supervisor.id, channel: "app" },
        ],
      ],
    ]);
    const clerk = await connect(f.clerk);
    const supervisor = await connect(f.supervisor);
    const admin = await connect(f.env.adminA);
    const adminB = await connect(f.env.adminB);
    const at = lastLocal(8, 0, "Asia/Jakarta");
    // Wulan 500 m from the Jakarta site (radius 200 m), on time; Eko inside the Makassar site.
    const out = await sendForm(
      f.env,
      f.other,
      "/api/presence/clock-in",
      captureParts({ project_id: f.jakarta, lon: JAKARTA_500M_EAST[0], lat: JAKARTA_500M_EAST[1], accuracy: 5, captured_at: at }),
    );
    expect(out.status, out.raw).toBe(200);
    expect(out.body.data).toMatchObject({ work_area_in: "outside" });
    const inside = await sendForm(
      f.env,
      f.east,
      "/api/presence/clock-in",
      captureParts({ project_id: f.makassar, lon: MAKASSAR[0], lat: MAKASSAR[1], accuracy: 5, captured_at: at }),
    );
    expect(inside.status, inside.raw).toBe(200);
    expect(inside.body.data).toMatchObject({ work_area_in: "inside" });

    const got = await clerk.next((fr) => fr.event === "alert" && (fr.data as { alert: { alert_type: string } }).alert.alert_type === "clock_in_outside_area");
    expect(got.data).toMatchObject({
      alert: {
        alert_type: "clock_in_outside_area",
        severity: "medium",
        user_id: f.other.id,
        title: "Wulan Pekerja",
        project_id: f.jakarta,
        message: "Check where they are",
        alert_time: out.body.data.clock_in,
        is_viewed: false,
      },
      to_user_ids: [f.clerk.id],
    });
    await settled([clerk, supervisor, admin, adminB]);
    const outsideAlerts = (s: SseReader) =>
      s.frames
        .filter((fr) => fr.event === "alert" && (fr.data as { alert: { alert_type: string } }).alert.alert_type === "clock_in_outside_area")
        .map((fr) => (fr.data as { alert: { user_id: number } }).alert.user_id);
    expect(outsideAlerts(clerk)).toEqual([f.other.id]);
    expect(outsideAlerts(admin)).toEqual([f.other.id]);
    expect(outsideAlerts(supervisor)).toEqual([]);
    expect(outsideAlerts(adminB)).toEqual([]);
    const stored = await db().selectFrom("alert").select(["id", "user_id"]).where("company_id", "=", f.env.companyA).where("alert_type", "=", "clock_in_outside_area").execute();
    expect(stored.map((r) => Number(r.user_id))).toEqual([f.other.id]);
    const to = await db().selectFrom("alert_to_user").select("user_id").where("alert_id", "=", stored[0].id).execute();
    expect(to.map((r) => Number(r.user_id))).toEqual([f.clerk.id]);
  });
});

describe("rights", () => {
  it("tells the streams of a role whose menus were written, not the others", async () => {
    const supervisor = await connect(f.supervisor);
    const worker = await connect(f.worker);
    const menu = await db().selectFrom(MENUS.table).select("id").where("alias", "=", "project").executeTakeFirstOrThrow();
    const before = supervisor.frames.length;
    const res = await f.env.call(f.env.adminA, "POST", "/api/role-menu/add", {
      role_id: f.supervisor.actor.roleId,
      menu_id: Number(menu.id),
      can_add: false,
      can_edit: false,
      can_delete: false,
    });
    expect(res.status).toBe(200);
    const rights = await supervisor.next((fr) => fr.event === "rights", 5000, before);
    expect(rights.data).toEqual({});
    await settled([supervisor, worker]);
    // Only the marker reached the worker.
    expect(worker.frames.filter((fr) => fr.event === "rights")).toHaveLength(1);
  });
});

describe("no clock-in on a night shift (issue 30)", () => {
  it("after midnight, a night worker clocked in the evening before is not alerted; one who did not clock in is, for that evening's shift", async () => {
    const [[night]] = await load(f.env, [["shift", [{ company_id: f.env.companyA, name: "Malam", start_time: "21:00", end_time: "05:00", break_minutes: 30, grace_minutes: 10 }]]]);
    const [[came, missing]] = await load(f.env, [
      [
        "human-resource",
        [
          { company_id: f.env.companyA, name: "Nanda Malam", email: "nanda@alpha.test", employee_type: "daily", role_id: f.worker.actor.roleId },
          { company_id: f.env.companyA, name: "Mira Malam", email: "mira@alpha.test", employee_type: "daily", role_id: f.worker.actor.roleId },
        ],
      ],
    ]);
    await load(f.env, [["user-to-shift", [came, missing].map((u) => ({ company_id: f.env.companyA, user_id: u, shift_id: night, start_date: "2020-01-01", end_date: null }))]]);
    const [[rule]] = await load(f.env, [
      ["config-alert", [{ company_id: f.env.companyA, name: "No clock-in (night)", alert_type: "no_clock_in", threshold: 30, is_active: true }]],
    ]);
    await load(f.env, [["config-alert-to-user", [{ company_id: f.env.companyA, config_alert_id: rule, user_id: f.clerk.id, channel: "app" }]]]);
    const evening = "2026-10-14";
    // Nanda clocked in at 21:05 WIB, stored on the evening's shift-day.
    await load(f.env, [
      [
        "presence",
        [
          {
            company_id: f.env.companyA,
            user_id: came,
            project_id: f.jakarta,
            shift_id: night,
            presence_date: evening,
            clock_in: dayjs.tz(`${evening}T21:05:00`, "Asia/Jakarta").toISOString(),
            presence_status: "present",
          },
        ],
      ],
    ]);
    // 00:30 WIB the next calendar day: 210 minutes into the evening's shift.
    await noClockIn(db(), bus(), dayjs.tz("2026-10-15T00:30:00", "Asia/Jakarta").valueOf());
    // (The earlier test's rule, threshold 0, alerts the same way.)
    const alerts = await db()
      .selectFrom("alert")
      .select(["user_id", "rule_key"])
      .where("alert_type", "=", "no_clock_in")
      .where("user_id", "in", [came, missing])
      .orderBy("id")
      .execute();
    expect(alerts.map((a) => a.user_id)).toEqual(alerts.map(() => missing));
    expect(alerts.map((a) => a.rule_key)).toContain(`rule:${rule}:no_clock_in:${missing}:${evening}`);
  });
});
