// The legacy logistics/sales service (/legacy), same envelope and token as /api:
// - user-to-proyek POST search: project memberships with names: { id, user_id, user_name,
//   project_id, project_name, project_role_id, join_date, is_active } + F_labels; search body
//   on the declared fields (user_id, user_name, project_id, project_name).
// - alert PUT edit-status-view/{id}: the alert is viewed (is_viewed true, viewed_at now; the
//   first view's time is kept).
// - alert-to-user PUT edit-status-view/{id}: the actor's own inbox row (another user's: 404)
//   is viewed, and so is its alert (an alert counts as viewed once a recipient saw it).
// - employee-daily-report POST search { role, ...search body }: a row per employee per day
//   (column `date`: `=` or `range`, at most 31 days, default today WIB): presence status, clock
//   in/out, distance in km (plus waypoint_count, last_seen). Who is listed comes from the
//   token: a worker (role_type worker) sees only themselves, others the people of their row
//   scope (rowVisibility, through the presence menu). The body's `role` (the role name the old
//   client keeps in local storage) can only narrow: naming a worker role of the company also
//   limits the report to the actor; it never widens what the token allows.
// The dashboards are in legacy-dashboard.ts; waypoint-monitoring in monitoring-map.ts.
import { resourceByName, type ResolvedResource } from "../../declaration";
import { eq } from "../db/conditions";
import { notFound } from "../http/errors";
import type { RecordStore, WireRecord } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import type { OpContext } from "../routes/context";
import { asPage, bodyOf, searchRows, takeColumns, type Row } from "../records/computed-search";
import { TRACK_FIELDS, dailyRows, daysOf, fillTracks, staffOf } from "../monitoring/daily";

const MEMBERS = resourceByName("user-to-proyek");
const LEGACY_MEMBERS = resourceByName("legacy-user-to-proyek");
const PROJECT = resourceByName("project");
const HR = resourceByName("human-resource");
const ALERT = resourceByName("alert");
const ALERT_TO_USER = resourceByName("alert-to-user");
const ROLE = resourceByName("role");
const REPORT = resourceByName("employee-daily-report");

// ---- user-to-proyek ---------------------------------------------------------------------------

async function namesOf(store: RecordStore, r: ResolvedResource): Promise<Map<number, string>> {
  const rows = await store.rows(r, []);
  return new Map(rows.map((x) => [Number(x.id), String(x.name)]));
}

registerCustom("legacy-user-to-proyek", "search", async (ctx) => {
  const members = await ctx.store.rows(MEMBERS, []);
  const users = await namesOf(ctx.store, HR);
  const projects = await namesOf(ctx.store, PROJECT);
  const rows: Row[] = members.map((m) => ({
    id: Number(m.id),
    user_id: Number(m.user_id),
    user_name: users.get(Number(m.user_id)) ?? null,
    project_id: Number(m.project_id),
    project_name: projects.get(Number(m.project_id)) ?? null,
    project_role_id: m.project_role_id === null ? null : Number(m.project_role_id),
    join_date: (m.join_date as string | null) ?? null,
    is_active: m.is_active === null ? null : Number(m.is_active) !== 0,
  }));
  return asPage(
    await searchRows(LEGACY_MEMBERS, rows, ctx.body, {
      defaultOrder: [
        { column: "project_name", direction: "asc" },
        { column: "user_name", direction: "asc" },
        { column: "id", direction: "asc" },
      ],
      labels: { db: ctx.db, actor: ctx.actor },
      lang: ctx.lang,
    }),
  );
});

// ---- alerts viewed ------------------------------------------------------------------------------

/** Marks a record viewed once: is_viewed true and the time of the first view. */
async function markViewed(store: RecordStore, r: ResolvedResource, rec: WireRecord): Promise<WireRecord> {
  if (rec.is_viewed === true && rec.viewed_at) return rec;
  return store.update(r, [eq("id", Number(rec.id))], {}, { extra: { is_viewed: true, viewed_at: new Date().toISOString() } });
}

registerCustom("alert", "editStatusView", async (ctx) => {
  const alert = await ctx.store.findOne(ALERT, ctx.store.matchParams(ALERT, ctx.params));
  if (!alert) throw notFound();
  return markViewed(ctx.store, ALERT, alert);
});

registerCustom("alert-to-user", "editStatusView", async (ctx) => {
  const row = await ctx.store.findOne(ALERT_TO_USER, [...ctx.store.matchParams(ALERT_TO_USER, ctx.params), eq("user_id", ctx.actor.userId)]);
  if (!row) throw notFound();
  const viewed = await markViewed(ctx.store, ALERT_TO_USER, row);
  const alert = await ctx.store.findOne(ALERT, [eq("id", Number(row.alert_id))]);
  if (alert) await markViewed(ctx.store, ALERT, alert);
  return viewed;
});

// ---- employee daily report -----------------------------------------------------------------

/** Only the actor: a worker by the token, or a body `role` naming a worker role of the company. */
async function onlySelf(ctx: OpContext, roleName: unknown): Promise<boolean> {
  if (ctx.actor.isOwner) return false;
  if (ctx.actor.roleType === "worker") return true;
  if (typeof roleName !== "string" || !roleName.trim()) return false;
  const role = await ctx.store.findOne(ROLE, [eq("name", roleName.trim())]);
  return role?.role_type === "worker";
}

registerCustom("employee-daily-report", "search", async (ctx) => {
  const body = bodyOf(ctx.body);
  const { taken, rest } = takeColumns(body, ["date"]);
  const days = daysOf(taken);
  const staff = await staffOf(ctx.store, (await onlySelf(ctx, body.role)) ? [ctx.actor.userId] : ((await ctx.store.people(REPORT)) ?? undefined));
  const rows = await dailyRows(ctx.store, staff, days);
  const dialect = ctx.services.handle.dialect;
  return asPage(
    await searchRows(REPORT, rows, rest, {
      defaultOrder: [
        { column: "date", direction: "desc" },
        { column: "name", direction: "asc" },
        { column: "user_id", direction: "asc" },
      ],
      lazy: { fields: TRACK_FIELDS, fill: (page) => fillTracks(ctx.store, dialect, page) },
      labels: { db: ctx.db, actor: ctx.actor },
      lang: ctx.lang,
    }),
  );
});
