// Alerts the server generates (docs/api.md "Live events"): legacy `alert` rows with their
// `alert-to-user` recipients, published as `alert` events (to the recipients and the company's
// admins), and sent by e-mail and webhook to the recipients whose rule row names that channel
// (the alert_delivery queue, server/events/delivery.ts, in the alert's transaction). From the
// rules of config-alert (recipients: config-alert-to-user, one row per person and channel; a rule
// with a project applies to that project only; inactive rules apply to nothing):
// - panic_button: a panic raised; late_clock_in: a clock-in answered "late"; clock_in_outside_area:
//   a clock-in outside the project's work area (these on the event, in the process that published it);
// - no_clock_in: nobody clocked in by the shift's start + its grace + the rule's threshold
//   (minutes); phone_silent: clocked in and no position for the rule's threshold (minutes, default
//   15) (these two by the sweep, server/events/sweep.ts);
// - geofence_exit / geofence_enter, no_movement, low_battery: from the positions of a clocked-in
//   worker (server/events/position-watch.ts), once per episode.
// And, without a rule, panic_escalated: to the company's admins (in the app and by e-mail, and by
// the company's webhook when it has one) when nobody acknowledged a panic in time. An alert is about a rule, a person and a moment (`rule_key`, unique per company): made once
// whichever process comes first.
import { resourceByName } from "../../declaration";
import type { Actor } from "../access/actor";
import { COMPANIES, ROLES, USERS } from "../access/identity";
import { ALERT_RULE_CACHE, cached } from "../cache";
import { encodeRecord } from "../db/codec";
import type { Db } from "../db/connection";
import { RecordStore, type WireRecord } from "../records/store";
import type { BusEvent, EventBus } from "./bus";
import { ADMIN_ROLE_TYPES } from "./audience";
import { zoneOf } from "../field/zones";
import type { DeliveryFacts, Language } from "./delivery-content";
import { deliveryWorkerOf, enqueueDeliveries, type NewDelivery } from "./delivery";

const ALERTS = resourceByName("alert");
const ALERT_USERS = resourceByName("alert-to-user");
const RULES = resourceByName("config-alert");
const RULE_USERS = resourceByName("config-alert-to-user");
const RULE_TABLES = [RULES.table, RULE_USERS.table];

export type AlertType =
  | "panic_button"
  | "late_clock_in"
  | "clock_in_outside_area"
  | "no_clock_in"
  | "phone_silent"
  | "panic_escalated"
  | "geofence_exit"
  | "geofence_enter"
  | "no_movement"
  | "low_battery";

/** A rule recipient's channel (config-alert-to-user.channel): the app (alerts, the bell, the stream), e-mail, the company's webhook. */
export type Channel = "app" | "email" | "webhook";

/** Minutes without a position before phone_silent, when the rule names no threshold. */
export const PHONE_SILENT_DEFAULT_MINUTES = 15;

export interface NewAlert {
  companyId: number;
  type: AlertType;
  severity: "low" | "medium" | "high" | "critical";
  /** The person it is about; the title is their name (the type says what). */
  userId: number | null;
  projectId: number | null;
  at: string;
  location?: [number, number] | null;
  message?: string | null;
  /** What makes it one: the same key again stores nothing. */
  ruleKey: string;
  recipients: number[];
  /** Who also gets it by e-mail or webhook. */
  deliveries?: readonly NewDelivery[];
  /** The alarm it is about (its deliveries are steps of the alarm's trail). */
  panicId?: number | null;
}

/** What a delivery's message is made of, read once when the alert is made. */
async function factsOf(db: Db, a: NewAlert, name: string | null): Promise<DeliveryFacts> {
  const company = await db.selectFrom(COMPANIES.table).select(["language", "time_zone"]).where("id", "=", a.companyId).executeTakeFirst();
  const project =
    a.projectId === null
      ? undefined
      : await db.selectFrom("project").select(["id", "name", "address", "time_zone"]).where("id", "=", a.projectId).where("company_id", "=", a.companyId).executeTakeFirst();
  const worker = a.userId === null ? undefined : await db.selectFrom(USERS.table).select(["phone"]).where("id", "=", a.userId).executeTakeFirst();
  return {
    type: a.type,
    severity: a.severity,
    language: (company?.language === "en" ? "en" : "id") as Language,
    zone: zoneOf(project?.time_zone, company?.time_zone),
    at: a.at,
    worker: a.userId === null ? null : { id: a.userId, name: name ?? "-", phone: (worker?.phone as string | null) ?? null },
    project: project ? { id: Number(project.id), name: String(project.name), address: (project.address as string | null) ?? null } : null,
    location: a.location ?? null,
    message: a.message ?? null,
  };
}

/** Reads as the company's admins do (labels included). */
export const systemActor = (companyId: number): Actor => ({ userId: 0, companyId, roleId: null, roleName: null, roleType: "admin", isOwner: false, tokenHash: "" });

/** Stores an alert and its recipients and publishes it; answers the record, or null when it existed already. */
export async function createAlert(db: Db, bus: EventBus, a: NewAlert): Promise<WireRecord | null> {
  const now = new Date().toISOString();
  const name = a.userId === null ? null : ((await db.selectFrom(USERS.table).select("name").where("id", "=", a.userId).executeTakeFirst())?.name as string | undefined);
  const recipients = [...new Set(a.recipients)];
  const deliveries = a.deliveries ?? [];
  const facts = deliveries.length ? await factsOf(db, a, name ?? null) : null;
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto(ALERTS.table)
      .values({
        ...encodeRecord(ALERTS, {
          title: name ?? a.type,
          message: a.message ?? null,
          alert_type: a.type,
          severity: a.severity,
          user_id: a.userId,
          project_id: a.projectId,
          alert_time: a.at,
          location: a.location ?? null,
          is_viewed: false,
        }),
        company_id: a.companyId,
        rule_key: a.ruleKey,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return null;
    const alertId = Number(inserted.id);
    if (recipients.length)
      await trx
        .insertInto(ALERT_USERS.table)
        .values(
          recipients.map((u) => ({ ...encodeRecord(ALERT_USERS, { alert_id: alertId, user_id: u, is_viewed: false }), company_id: a.companyId, created_at: now, updated_at: now })),
        )
        .execute();
    if (facts) await enqueueDeliveries(trx, { companyId: a.companyId, alertId, panicId: a.panicId ?? null, facts, deliveries });
    return alertId;
  });
  if (id === null) return null;
  if (facts) deliveryWorkerOf(db)?.kick();
  const record = await new RecordStore(db, systemActor(a.companyId), "en").getById(ALERTS, id);
  bus.publish({
    type: "alert",
    company_id: a.companyId,
    data: { alert: record, to_user_ids: recipients },
    user_ids: recipients,
    row: { user_id: a.userId, project_id: a.projectId },
  });
  return record;
}

export interface Rule {
  id: number;
  alert_type: string;
  project_id: number | null;
  threshold: number | null;
  message: string | null;
  /** Everyone it names (alerted in the app whatever their channels). */
  recipients: number[];
  /** Those it names with the e-mail or webhook channel. */
  deliveries: NewDelivery[];
}

/**
 * The company's active rules of these types, with their recipients: cached (every stored position
 * asks) until a rule or a recipient row is written. Shared answers: callers must not change them.
 */
export function rulesOf(db: Db, companyId: number, types: readonly AlertType[]): Promise<Rule[]> {
  return cached(db, "alert-rules", ALERT_RULE_CACHE, `${companyId}:${types.join(",")}`, RULE_TABLES, () => loadRules(db, companyId, types), { seenWrites: true });
}

async function loadRules(db: Db, companyId: number, types: readonly AlertType[]): Promise<Rule[]> {
  const rules = await db
    .selectFrom(RULES.table)
    .select(["id", "alert_type", "project_id", "threshold", "message", "is_active"])
    .where("company_id", "=", companyId)
    .where("alert_type", "in", types as AlertType[])
    .execute();
  const active = rules.filter((r) => r.is_active === null || Number(r.is_active) !== 0);
  if (!active.length) return [];
  const to = await db
    .selectFrom(RULE_USERS.table)
    .select(["config_alert_id", "user_id", "channel"])
    .where("company_id", "=", companyId)
    .where(
      "config_alert_id",
      "in",
      active.map((r) => Number(r.id)),
    )
    .execute();
  return active.map((r) => ({
    id: Number(r.id),
    alert_type: String(r.alert_type),
    project_id: r.project_id === null ? null : Number(r.project_id),
    threshold: r.threshold === null ? null : Number(r.threshold),
    message: (r.message as string | null) ?? null,
    recipients: [...new Set(to.filter((t) => Number(t.config_alert_id) === Number(r.id)).map((t) => Number(t.user_id)))],
    deliveries: to
      .filter((t) => Number(t.config_alert_id) === Number(r.id) && (t.channel === "email" || t.channel === "webhook"))
      .map((t) => ({ userId: Number(t.user_id), channel: t.channel as NewDelivery["channel"] })),
  }));
}

/** The company's admins (people of its roles of an admin type, not disabled). */
export async function adminsOf(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom(`${USERS.table} as u`)
    .innerJoin(`${ROLES.table} as r`, "r.id", "u.role_id")
    .select("u.id")
    .where("u.company_id", "=", companyId)
    .where("r.company_id", "=", companyId)
    .where("r.role_type", "in", ADMIN_ROLE_TYPES as string[])
    .where((eb) => eb.or([eb("u.is_active", "is", null), eb("u.is_active", "<>", 0)]))
    .execute();
  return rows.map((r) => Number(r.id));
}

const idOrNull = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const appliesTo = (rule: Rule, projectId: number | null) => rule.project_id === null || rule.project_id === projectId;

/** The alerts of the rules on a raised panic or a clock-in (in the process that published it). */
export async function alertsOnEvent(db: Db, bus: EventBus, e: BusEvent): Promise<void> {
  if (e.company_id === null) return;
  if (e.type === "panic" && (e as BusEvent<"panic">).data.action === "raised") {
    const p = (e as BusEvent<"panic">).data.panic;
    const projectId = idOrNull(p.project_id);
    for (const rule of (await rulesOf(db, e.company_id, ["panic_button"])).filter((r) => appliesTo(r, projectId)))
      await createAlert(db, bus, {
        companyId: e.company_id,
        type: "panic_button",
        severity: "critical",
        userId: idOrNull(p.user_id),
        projectId,
        at: String(p.alert_time),
        location: (p.location as [number, number] | null) ?? null,
        message: (p.message as string | null) ?? rule.message,
        ruleKey: `rule:${rule.id}:panic:${String(p.id)}`,
        recipients: rule.recipients,
        deliveries: rule.deliveries,
        panicId: Number(p.id),
      });
  }
  if (e.type === "presence" && (e as BusEvent<"presence">).data.action === "clock_in") {
    const p = (e as BusEvent<"presence">).data.presence;
    const projectId = idOrNull(p.project_id);
    const types: AlertType[] = [];
    if (p.presence_status === "late") types.push("late_clock_in");
    if (p.work_area_in === "outside") types.push("clock_in_outside_area");
    if (!types.length) return;
    for (const rule of (await rulesOf(db, e.company_id, types)).filter((r) => appliesTo(r, projectId)))
      await createAlert(db, bus, {
        companyId: e.company_id,
        type: rule.alert_type as AlertType,
        severity: "medium",
        userId: idOrNull(p.user_id),
        projectId,
        at: String(p.clock_in),
        location: (p.clock_in_geo as [number, number] | null) ?? null,
        message: rule.message,
        ruleKey: `rule:${rule.id}:presence:${String(p.id)}`,
        recipients: rule.recipients,
        deliveries: rule.deliveries,
      });
  }
}

/** Generates the alerts of the rules from the events this process publishes. */
export function generateAlerts(db: Db, bus: EventBus, onError: (err: unknown) => void): void {
  bus.onPublished((e) => {
    if (e.type === "panic" || e.type === "presence") alertsOnEvent(db, bus, e).catch(onError);
  });
}
