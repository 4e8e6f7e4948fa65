// The map page's calls (docs/api.md "Map calls"; the attendance point of the product spec):
// - map-monitoring POST search { project_id: [ids] }: one attendance point per active staff
//   member of those projects (active user-to-proyek memberships); no list, an empty one or
//   only the client's "all" marker = every project of the company. Ids that are not the
//   company's projects select nothing (a persisted map selection may hold a deleted project):
//   no 404 for a filter. Each point comes from the member's latest presence record:
//   { user_id, name, clock_in, clock_in_loc, clock_out, clock_out_loc, image_selfie,
//     projects (their active projects' names joined with ", ", null when none),
//     presence_status, project_id (the presence's site), wp_lon, wp_lat, presence_date, wp_time, wp_source,
//     clock_in_lon, clock_in_lat }.
//   The point's position is the member's latest known place: of the clock-in place (wp_source
//   "clock_in"), their latest waypoint ("waypoint") and the clock-out place of that record
//   ("clock_out"), the newest; wp_time when they were there. The clock-in place is answered apart
//   (clock_in_lon/lat, null without one). A member with neither has no place on the map and is
//   left out. Sorted by name.
// - waypoint POST search: the generic search (same validation, paging, cap) answering history
//   points (declaration/map-service.ts HistoryPoint: the point's own fields, lon and lat as
//   numeric strings; the contract's user history call).
// - legacy waypoint-monitoring POST {user_id}/search: that user's waypoints (404 when not the
//   company's), a search body on wptime/lon/lat, answered { user_id, user_id_label, wptime,
//   lon, lat } with lon/lat strings.
import type { ExpressionBuilder } from "kysely";
import type { Database } from "../db/database";
import { resourceByName } from "../../declaration";
import { USERS } from "../access/identity";
import { inList, whereAll } from "../db/conditions";
import { badRequest, notFound } from "../http/errors";
import type { AttendancePoint } from "../../declaration/answers";
import { HISTORY_COLUMNS, historyFormatOf, historyPointOf, type HistoryColumns } from "../../declaration/map-service";
import { decodeValue } from "../db/codec";
import { Answer } from "../http/envelope";
import { pageOf, type RecordStore, type Row, type WireRecord } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import { bodyOf } from "../records/computed-search";
import { userWaypointOf, userWaypointSearch } from "../records/user-waypoints";
import { staffOf } from "../monitoring/daily";

const PROJECT = resourceByName("project");
const MEMBERS = resourceByName("user-to-proyek");
const PRESENCE = resourceByName("presence");
const WAYPOINT = resourceByName("waypoint");
const WAYPOINT_MONITORING = resourceByName("waypoint-monitoring");
const MAP_MONITORING = resourceByName("map-monitoring");
const CHUNK = 400;

async function chunked<T>(ids: number[], fn: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fn(ids.slice(i, i + CHUNK))));
  return out;
}

const activeRow = (r: Row) => r.is_active === null || r.is_active === undefined || Number(r.is_active) !== 0;

/** The body's project ids: null = all. 400 for anything but ids (and the "all" marker). */
export function projectIdsOf(body: Record<string, unknown>): number[] | null {
  const raw = body.project_id;
  if (raw === undefined || raw === null || raw === "") return null;
  const list = Array.isArray(raw) ? raw : [raw];
  const ids: number[] = [];
  for (const v of list) {
    if (v === "all" || v === "" || v === null) continue;
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0) throw badRequest({ project_id: { key: "not_integer" } });
    ids.push(n);
  }
  return ids.length ? [...new Set(ids)] : null;
}

/** The latest presence record of each user (the latest day, then the latest clock-in). */
async function latestPresence(store: RecordStore, userIds: number[]): Promise<Map<number, WireRecord>> {
  const db = store.readDb;
  const p = PRESENCE.table;
  // The rows the actor may see (tenancy and the row rule): their bare column names resolve to
  // the innermost table, the presence rows of the subquery.
  const visible = (await store.visibility(PRESENCE)).conds;
  // The latest day per user: a correlated max() that walks one user's index entries only.
  const latest = await chunked(userIds, (part) =>
    db
      .selectFrom(`${USERS.table} as u`)
      .select((eb) => [
        "u.id",
        whereAll(
          eb
            .selectFrom(`${p} as p`)
            .select((e) => e.fn.max("p.presence_date").as("d"))
            .whereRef("p.user_id", "=", "u.id"),
          visible,
        ).as("d"),
      ])
      .where(inList("u.id", part))
      .execute(),
  );
  const days = [...new Set(latest.map((l) => l.d).filter((d): d is string => typeof d === "string"))];
  const want = new Map(latest.filter((l) => l.d).map((l) => [Number(l.id), String(l.d)]));
  const rows = days.length
    ? await chunked(userIds, (part) =>
        store.rows(PRESENCE, [inList("user_id", part), inList("presence_date", days)], {
          orders: [
            { column: "clock_in", direction: "desc" },
            { column: "id", direction: "desc" },
          ],
        }),
      )
    : [];
  const picked = rows.filter((r) => want.get(Number(r.user_id)) === r.presence_date);
  const out = new Map<number, WireRecord>();
  for (const rec of await store.present(PRESENCE, picked)) {
    const id = Number(rec.user_id);
    const prev = out.get(id);
    // Rows come latest clock-in first (nulls last): the first with a clock-in wins.
    if (!prev || (prev.clock_in === null && rec.clock_in !== null)) out.set(id, rec);
  }
  return out;
}

/** Each user's latest waypoint: a correlated ORDER BY wptime DESC LIMIT 1 per user, on the index. */
async function latestWaypoint(store: RecordStore, userIds: number[]): Promise<Map<number, { lon: number; lat: number; wptime: string }>> {
  const db = store.readDb;
  const w = WAYPOINT.table;
  // Tenancy and the row rule; bare column names resolve to the subquery's waypoints.
  const visible = (await store.visibility(WAYPOINT)).conds;
  const last = (col: "wptime" | "lon" | "lat") => (eb: ExpressionBuilder<Database & { u: Database["users"] }, "u">) =>
    whereAll(eb.selectFrom(`${w} as w`).select(`w.${col}`).whereRef("w.user_id", "=", "u.id"), visible)
      .orderBy("w.wptime", "desc")
      .limit(1)
      .as(col);
  const rows = await chunked(userIds, (part) =>
    db
      .selectFrom(`${USERS.table} as u`)
      .select((eb) => ["u.id", last("wptime")(eb), last("lon")(eb), last("lat")(eb)])
      .where(inList("u.id", part))
      .execute(),
  );
  const out = new Map<number, { lon: number; lat: number; wptime: string }>();
  for (const r of rows) {
    if (r.wptime === null || r.wptime === undefined || r.lon === null || r.lat === null) continue;
    out.set(Number(r.id), { lon: Number(r.lon), lat: Number(r.lat), wptime: new Date(Number(r.wptime)).toISOString() });
  }
  return out;
}

type Place = { lon: number; lat: number; time: string | null; source: AttendancePoint["wp_source"] };
const ORDER: Record<Place["source"], number> = { clock_in: 0, waypoint: 1, clock_out: 2 };
const timeOf = (p: Place): number => (p.time === null ? -Infinity : Date.parse(p.time));

/** The newest of the places known (null time: the oldest); at one instant the later action. */
function newestPlace(places: ReadonlyArray<Place | null>): Place | null {
  let best: Place | null = null;
  for (const p of places) {
    if (!p) continue;
    if (!best || timeOf(p) > timeOf(best) || (timeOf(p) === timeOf(best) && ORDER[p.source] > ORDER[best.source])) best = p;
  }
  return best;
}

export async function attendancePoints(store: RecordStore, projectIds: number[] | null): Promise<AttendancePoint[]> {
  const projects = await store.rows(PROJECT, projectIds ? [inList("id", projectIds)] : []);
  if (!projects.length) return [];
  const selected = projects.map((p) => Number(p.id));
  const members = (await chunked(selected, (part) => store.rows(MEMBERS, [inList("project_id", part)]))).filter(activeRow);
  // Only the people whose points the actor may see (the row rule of map-monitoring); their
  // presence and waypoints are then read within those resources' own rules.
  const visible = await store.people(MAP_MONITORING);
  const seen = visible && new Set(visible);
  const staff = await staffOf(
    store,
    [...new Set(members.map((m) => Number(m.user_id)))].filter((id) => !seen || seen.has(id)),
  );
  if (!staff.length) return [];
  const userIds = staff.map((s) => s.id);

  // Every active project of each member (not only the selected ones), by name.
  const memberships = (await chunked(userIds, (part) => store.rows(MEMBERS, [inList("user_id", part)]))).filter(activeRow);
  const names = new Map<number, string>();
  const missing = [...new Set(memberships.map((m) => Number(m.project_id)))];
  for (const p of await chunked(missing, (part) => store.rows(PROJECT, [inList("id", part)]))) names.set(Number(p.id), String(p.name));
  const projectsOf = new Map<number, string[]>();
  for (const m of memberships) {
    const name = names.get(Number(m.project_id));
    if (name === undefined) continue;
    const list = projectsOf.get(Number(m.user_id)) ?? [];
    if (!list.includes(name)) list.push(name);
    projectsOf.set(Number(m.user_id), list);
  }

  const presence = await latestPresence(store, userIds);
  const waypoints = await latestWaypoint(store, userIds);

  const points: AttendancePoint[] = [];
  for (const s of staff) {
    const p = presence.get(s.id);
    const geo = p?.clock_in_geo;
    const wp = waypoints.get(s.id);
    const clockIn =
      Array.isArray(geo) && geo.length === 2 ? { lon: Number(geo[0]), lat: Number(geo[1]), time: (p?.clock_in as string | null) ?? null, source: "clock_in" as const } : null;
    const moved = wp ? { lon: wp.lon, lat: wp.lat, time: wp.wptime, source: "waypoint" as const } : null;
    const outGeo = p?.clock_out_geo;
    const clockOut =
      Array.isArray(outGeo) && outGeo.length === 2 && typeof p?.clock_out === "string"
        ? { lon: Number(outGeo[0]), lat: Number(outGeo[1]), time: p.clock_out, source: "clock_out" as const }
        : null;
    // The newest place wins: a position sent after the clock-in moves the point away from it, and
    // the clock-out's place (a position after it moves the point again); at one instant the later
    // action (clock-in, then a position, then the clock-out).
    const at = newestPlace([clockIn, moved, clockOut]);
    if (!at) continue;
    const list = projectsOf.get(s.id);
    points.push({
      user_id: s.id,
      name: s.name,
      clock_in: (p?.clock_in as string | null) ?? null,
      clock_in_loc: (p?.clock_in_loc as string | null) ?? null,
      clock_out: (p?.clock_out as string | null) ?? null,
      clock_out_loc: (p?.clock_out_loc as string | null) ?? null,
      image_selfie: (p?.image_selfie as string | null) ?? null,
      projects: list?.length ? [...list].sort((a, b) => a.localeCompare(b)).join(", ") : null,
      presence_status: (p?.presence_status as string | null) ?? null,
      project_id: p?.project_id === null || p?.project_id === undefined ? null : Number(p.project_id),
      wp_lon: at.lon,
      wp_lat: at.lat,
      presence_date: (p?.presence_date as string | null) ?? null,
      wp_time: at.time,
      wp_source: at.source,
      clock_in_lon: clockIn ? clockIn.lon : null,
      clock_in_lat: clockIn ? clockIn.lat : null,
    });
  }
  return points;
}

registerCustom("map-monitoring", "search", async (ctx) => attendancePoints(ctx.store, projectIdsOf(bodyOf(ctx.body))));

// ---- waypoints: history points (declaration/map-service.ts), lon/lat as strings -----------------------------------------------------

const WPTIME = WAYPOINT.fields.find((f) => f.name === "wptime")!;

/** Stored waypoint rows (wptime, lon, lat) as the columnar history (declaration/map-service.ts HistoryColumns). */
function historyColumnsOf(rows: readonly Row[]): HistoryColumns {
  const out: HistoryColumns = { wptime: new Array<string>(rows.length), lon: new Array<number>(rows.length), lat: new Array<number>(rows.length) };
  rows.forEach((row, i) => {
    out.wptime[i] = decodeValue(WPTIME, row.wptime) as string;
    out.lon[i] = Number(row.lon);
    out.lat[i] = Number(row.lat);
  });
  return out;
}

registerCustom("waypoint", "search", async (ctx) => {
  const format = historyFormatOf(ctx.body);
  if (format === null) throw badRequest({ format: { key: "bad_enum", params: { options: "rows, columns" } } });
  if (format === "columns") {
    // Only the columns of the route: the (user_id, wptime) index holds them, so no table row is read.
    const res = await ctx.store.searchStored(WAYPOINT, ctx.body, HISTORY_COLUMNS);
    const { rows, ...counts } = res;
    return new Answer<HistoryColumns>({ status: true, ...counts, data: historyColumnsOf(rows) });
  }
  const res = await ctx.store.search(WAYPOINT, ctx.body);
  return pageOf(res, res.data.map(historyPointOf));
});

registerCustom("waypoint-monitoring", "searchByUser", async (ctx) => {
  const hr = resourceByName("human-resource");
  const user = await ctx.store.findOne(hr, ctx.store.matchParams(hr, { id: ctx.params.user_id }));
  // Someone whose track the actor may not see (the row rule) is as unknown as another company's.
  const visible = await ctx.store.people(WAYPOINT_MONITORING);
  if (!user || (visible && !visible.includes(Number(user.id)))) throw notFound();
  const res = await ctx.store.search(WAYPOINT, userWaypointSearch(ctx.body, Number(user.id)));
  return pageOf(res, res.data.map(userWaypointOf));
});
