// The periodic sweep (every LIVE_SWEEP_MS, default 10 s, in every server process): what no
// request triggers.
// - Escalation: an open panic nobody acknowledged within its company's panic_escalate_seconds
//   (default 120) gets escalated_at, an "escalated" step in its trail, a `panic escalated` event
//   and a panic_escalated alert to the company's admins.
// - The rules of config-alert that watch for something not happening: no_clock_in, phone_silent
//   (server/events/alerts.ts).
// Several processes may sweep at once: an escalation is claimed by a conditional UPDATE (one
// process wins) and an alert by its unique rule_key, so each happens once.
import { DEFAULT_ESCALATE_SECONDS } from "../../declaration/company-settings";
import { MEMBERS, PANIC, PRESENCE, PROJECTS, SHIFTS, USER_SHIFTS, companyZone } from "../field/capture";
import { attributeClockIn, instantOn, minutesAfterShiftStart, shiftEndOn } from "../../declaration/timesheet";
import { shiftsOfPeople } from "../../declaration/timesheet-answer";
import { zoneOf } from "../field/zones";
import { COMPANIES } from "../access/identity";
import type { Db } from "../db/connection";
import { RecordStore } from "../records/store";
import type { EventBus } from "./bus";
import { adminsOf, createAlert, PHONE_SILENT_DEFAULT_MINUTES, rulesOf, systemActor } from "./alerts";
import { addTrail } from "./panic-trail";
import { publishPanic } from "./publish";

/** Default seconds before an unacknowledged panic is escalated (company-management panic_escalate_seconds). */
export { DEFAULT_ESCALATE_SECONDS };

const iso = (ms: number) => new Date(ms).toISOString();
const idOrNull = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const active = (v: unknown) => v === null || v === undefined || Number(v) !== 0;

export async function sweepOnce(db: Db, bus: EventBus, now = Date.now()): Promise<void> {
  await escalatePanics(db, bus, now);
  await noClockIn(db, bus, now);
  await phoneSilent(db, bus, now);
}

export async function escalatePanics(db: Db, bus: EventBus, now = Date.now()): Promise<number> {
  const open = await db
    .selectFrom(`${PANIC.table} as p`)
    .innerJoin(`${COMPANIES.table} as c`, "c.id", "p.company_id")
    .select(["p.id", "p.company_id", "p.alert_time", "c.panic_escalate_seconds", "c.alert_webhook_url"])
    .where("p.status", "=", "open")
    .where("p.escalated_at", "is", null)
    .execute();
  let n = 0;
  for (const p of open) {
    const seconds = p.panic_escalate_seconds === null ? DEFAULT_ESCALATE_SECONDS : Number(p.panic_escalate_seconds);
    if (Date.parse(String(p.alert_time)) + seconds * 1000 > now) continue;
    const at = iso(now);
    const res = await db
      .updateTable(PANIC.table)
      .set({ escalated_at: at, updated_at: at })
      .where("id", "=", p.id)
      .where("status", "=", "open")
      .where("escalated_at", "is", null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows ?? 0) !== 1) continue; // acknowledged meanwhile, or another process was first
    n++;
    const companyId = Number(p.company_id);
    const panicId = Number(p.id);
    await addTrail(db, { companyId, panicId, kind: "escalated", actorId: null, at });
    const record = await new RecordStore(db, systemActor(companyId), "en").getById(PANIC, panicId);
    publishPanic(bus, companyId, "escalated", record);
    const admins = await adminsOf(db, companyId);
    await createAlert(db, bus, {
      companyId,
      type: "panic_escalated",
      severity: "critical",
      userId: idOrNull(record.user_id),
      projectId: idOrNull(record.project_id),
      at,
      location: (record.location as [number, number] | null) ?? null,
      message: (record.message as string | null) ?? null,
      ruleKey: `escalated:${panicId}`,
      recipients: admins,
      // The admins' channels: every admin by e-mail, and by the company's webhook when it has one.
      deliveries: admins.flatMap((userId) => [{ userId, channel: "email" as const }, ...(p.alert_webhook_url ? [{ userId, channel: "webhook" as const }] : [])]),
      panicId,
    });
  }
  return n;
}

/** Companies with an active rule of this type. */
async function companiesWithRule(db: Db, type: string): Promise<number[]> {
  const rows = await db.selectFrom("config_alert").select("company_id").distinct().where("alert_type", "=", type).execute();
  return rows.map((r) => Number(r.company_id));
}

/**
 * no_clock_in: a person whose shift is under way now, by the start + grace + threshold, without a
 * presence of that shift-day (nor an absence recorded). The shift-day of now is the one a clock-in
 * now would count on (declaration/timesheet.ts rule 1), so a night shift after midnight is the
 * evening's, as its clock-in was.
 */
export async function noClockIn(db: Db, bus: EventBus, now = Date.now()): Promise<void> {
  for (const companyId of await companiesWithRule(db, "no_clock_in")) {
    const rules = await rulesOf(db, companyId, ["no_clock_in"]);
    if (!rules.length) continue;
    const company = await companyZone(db, companyId);
    const shiftRows = await db.selectFrom(SHIFTS.table).selectAll().where("company_id", "=", companyId).execute();
    const assignments = await db.selectFrom(USER_SHIFTS.table).selectAll().where("company_id", "=", companyId).execute();
    const shiftOf = shiftsOfPeople(assignments, shiftRows);
    for (const rule of rules) {
      let zone = company;
      let people: Set<number> | null = null;
      if (rule.project_id !== null) {
        const project = await db.selectFrom(PROJECTS.table).select("time_zone").where("id", "=", rule.project_id).where("company_id", "=", companyId).executeTakeFirst();
        zone = zoneOf(project?.time_zone, company);
        const members = await db.selectFrom(MEMBERS.table).select(["user_id", "is_active"]).where("project_id", "=", rule.project_id).where("company_id", "=", companyId).execute();
        people = new Set(members.filter((m) => active(m.is_active)).map((m) => Number(m.user_id)));
      }
      // Who is in a shift now, past its start + grace + threshold: the shift-day and its shift.
      const due = new Map<number, string>();
      for (const uid of new Set(assignments.map((a) => Number(a.user_id)))) {
        if (people && !people.has(uid)) continue;
        const day = attributeClockIn(now, zone, shiftOf(uid));
        if (!day.shift) continue;
        const after = minutesAfterShiftStart(now, day.date, day.shift, zone);
        const length = Math.round((shiftEndOn(day.date, day.shift, zone) - instantOn(day.date, day.shift.start_time, zone)) / 60_000);
        if (after < (day.shift.grace_minutes ?? 0) + (rule.threshold ?? 0) || after >= length) continue;
        due.set(uid, day.date);
      }
      if (!due.size) continue;
      const seen = new Set(
        (
          await db
            .selectFrom(PRESENCE.table)
            .select(["user_id", "presence_date"])
            .where("company_id", "=", companyId)
            .where("presence_date", "in", [...new Set(due.values())])
            .where("user_id", "in", [...due.keys()])
            .execute()
        ).map((p) => `${Number(p.user_id)}:${String(p.presence_date)}`),
      );
      for (const [uid, date] of due) {
        if (seen.has(`${uid}:${date}`)) continue;
        await createAlert(db, bus, {
          companyId,
          type: "no_clock_in",
          severity: "high",
          userId: uid,
          projectId: rule.project_id,
          at: iso(now),
          message: rule.message,
          ruleKey: `rule:${rule.id}:no_clock_in:${uid}:${date}`,
          recipients: rule.recipients,
          deliveries: rule.deliveries,
        });
      }
    }
  }
}

/** phone_silent: clocked in (within the last day) and no position for the rule's threshold in minutes (default 15). */
export async function phoneSilent(db: Db, bus: EventBus, now = Date.now()): Promise<void> {
  for (const companyId of await companiesWithRule(db, "phone_silent")) {
    const rules = await rulesOf(db, companyId, ["phone_silent"]);
    if (!rules.length) continue;
    const open = await db
      .selectFrom(PRESENCE.table)
      .select(["id", "user_id", "project_id", "clock_in"])
      .where("company_id", "=", companyId)
      .where("clock_in", "is not", null)
      .where("clock_out", "is", null)
      .where("clock_in", ">=", iso(now - 24 * 3600_000))
      .execute();
    for (const p of open) {
      const last = await db
        .selectFrom("waypoint")
        .select((eb) => eb.fn.max("wptime").as("t"))
        .where("user_id", "=", p.user_id)
        .where("company_id", "=", companyId)
        .executeTakeFirst();
      const since = Math.max(Date.parse(String(p.clock_in)), last?.t === null || last?.t === undefined ? 0 : Number(last.t));
      for (const rule of rules) {
        const projectId = idOrNull(p.project_id);
        if (rule.project_id !== null && rule.project_id !== projectId) continue;
        if (now - since < (rule.threshold ?? PHONE_SILENT_DEFAULT_MINUTES) * 60_000) continue;
        await createAlert(db, bus, {
          companyId,
          type: "phone_silent",
          severity: "high",
          userId: Number(p.user_id),
          projectId,
          at: iso(now),
          message: rule.message,
          ruleKey: `rule:${rule.id}:silent:${String(p.id)}:${since}`,
          recipients: rule.recipients,
          deliveries: rule.deliveries,
        });
      }
    }
  }
}
