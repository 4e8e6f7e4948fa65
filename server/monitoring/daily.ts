// Daily field figures per staff member, shared by control-monitoring (one day) and the legacy
// employee-daily-report (a range of days): presence status, clock in/out, and from the GPS
// track the number of waypoints, the last one and the distance covered.
//
// Days are WIB days (UTC+7): the declaration has no time zone per company and both demo
// companies, like most Indonesian contractors, work in WIB. Change `ZONE_MS` (or make it a
// company field) for WITA/WIT companies.
//
// Distances are computed in SQL, one grouped query per batch of users: the haversine of each
// waypoint and the previous one of the same user and day (a window function, LAG), summed per
// user and day. The (user_id, wptime) index with lon/lat included answers it from the index;
// only the figures leave the database, never the 300k rows.
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { resourceByName } from "../../declaration";
import { between, inList } from "../db/conditions";
import type { DialectName } from "../db/connection";
import { badRequest } from "../http/errors";
import type { RecordStore } from "../records/store";
import { isValidDate } from "../validation/fields";
import type { Column } from "../records/computed-search";
import type { Row } from "../records/computed-search";

export const ZONE_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;
/** Most days one daily search may span. */
export const MAX_DAYS = 31;
const CHUNK = 400;
const EARTH_RADIUS_M = 6_371_008.8;

const HR = resourceByName("human-resource");
const PRESENCE = resourceByName("presence");
const WAYPOINT = resourceByName("waypoint");
const WAYPOINT_TABLE = WAYPOINT.table;

/** "YYYY-MM-DD" of the WIB day holding the instant. */
export const wibDate = (ms: number): string => new Date(ms + ZONE_MS).toISOString().slice(0, 10);
/** The instant the WIB day starts. */
export const dayStart = (date: string): number => Date.parse(`${date}T00:00:00Z`) - ZONE_MS;
/** The WIB day number of an instant (what the SQL groups by). */
export const dayKey = (ms: number): number => Math.floor((ms + ZONE_MS) / DAY_MS);
export const dateOfKey = (key: number): string => new Date(key * DAY_MS).toISOString().slice(0, 10);

/** Dates from..to inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let k = dayKey(dayStart(from)); k <= dayKey(dayStart(to)); k++) out.push(dateOfKey(k));
  return out;
}

/**
 * The days a search asks for from its `date` column: `=` one day, `range` from..to (at most
 * MAX_DAYS); none → today (WIB). 400 on a bad date or operator.
 */
export function daysOf(columns: Column[], now = Date.now()): string[] {
  const c = columns.find((x) => x.value !== undefined && x.value !== "" && x.value !== null) ?? columns.find((x) => x.operator === "range");
  const today = wibDate(now);
  if (!c) return [today];
  const op = c.operator ?? "=";
  const check = (v: unknown): string => {
    if (typeof v !== "string" || !isValidDate(v)) throw badRequest({ columns: { key: "bad_search_value", params: { name: "date" } } }, "bad_request");
    return v;
  };
  if (op === "=") return [check(c.value)];
  if (op === "range") {
    const from = c.value === undefined || c.value === "" || c.value === null ? null : check(c.value);
    const to = c.value1 === undefined || c.value1 === "" || c.value1 === null ? null : check(c.value1);
    const a = from ?? to ?? today;
    const b = to ?? from ?? today;
    if (a > b) return [];
    const days = datesBetween(a, b);
    if (days.length > MAX_DAYS) throw badRequest({ columns: { key: "too_big", params: { max: `${MAX_DAYS} days` } } }, "bad_request");
    return days;
  }
  throw badRequest({ columns: { key: "unknown_operator", params: { name: "date", op: String(op) } } }, "bad_request");
}

const activeCond: RawBuilder<SqlBool> = sql<SqlBool>`(${sql.ref("is_active")} is null or ${sql.ref("is_active")} <> 0)`;

export interface Staff {
  id: number;
  name: string;
  role_id: number | null;
  division_id: number | null;
}

/** Active staff of the actor's company (all of them, or those of `only`). */
export async function staffOf(store: RecordStore, only?: number[]): Promise<Staff[]> {
  const conds = [activeCond];
  if (only) conds.push(inList("id", only));
  const rows = await store.rows(HR, conds, {
    orders: [
      { column: "name", direction: "asc" },
      { column: "id", direction: "asc" },
    ],
  });
  return rows.map((u) => ({
    id: Number(u.id),
    name: String(u.name),
    role_id: u.role_id === null ? null : Number(u.role_id),
    division_id: u.division_id === null ? null : Number(u.division_id),
  }));
}

/** Rows of `table`-backed records for users in chunks (no IN list above CHUNK values). */
async function forUsers<T>(ids: number[], fn: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fn(ids.slice(i, i + CHUNK))));
  return out;
}

export interface DayPresence {
  presence_status: string | null;
  clock_in: string | null;
  clock_out: string | null;
  project_id: number | null;
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(String(v)).toISOString());

/**
 * Presence per "user:date": the earliest clock-in, the latest clock-out, the status and project
 * of the first record of the day (a day normally has one).
 */
export async function presenceOf(store: RecordStore, userIds: number[], days: string[]): Promise<Map<string, DayPresence>> {
  const out = new Map<string, DayPresence>();
  if (!userIds.length || !days.length) return out;
  const from = days[0];
  const to = days[days.length - 1];
  const rows = await forUsers(userIds, (part) =>
    store.rows(PRESENCE, [inList("user_id", part), between("presence_date", from, to)], {
      orders: [
        { column: "clock_in", direction: "asc" },
        { column: "id", direction: "asc" },
      ],
    }),
  );
  for (const p of rows) {
    const key = `${Number(p.user_id)}:${String(p.presence_date)}`;
    const prev = out.get(key);
    const clockIn = iso(p.clock_in);
    const clockOut = iso(p.clock_out);
    if (!prev) {
      out.set(key, {
        presence_status: (p.presence_status as string | null) ?? null,
        clock_in: clockIn,
        clock_out: clockOut,
        project_id: p.project_id === null ? null : Number(p.project_id),
      });
      continue;
    }
    if (clockIn && (!prev.clock_in || clockIn < prev.clock_in)) prev.clock_in = clockIn;
    if (clockOut && (!prev.clock_out || clockOut > prev.clock_out)) prev.clock_out = clockOut;
  }
  return out;
}

export interface DayTrack {
  waypoint_count: number;
  last_seen: string | null;
  distance_km: number;
}

/**
 * Waypoint figures per "user:date" over the WIB days from..to: count, last wptime, and the
 * haversine distance in km (two decimals), computed by the database over the waypoints the
 * actor may see (tenancy and the row rule).
 */
export async function tracksOf(store: RecordStore, dialect: DialectName, userIds: number[], from: string, to: string): Promise<Map<string, DayTrack>> {
  const out = new Map<string, DayTrack>();
  const db = store.readDb;
  if (!userIds.length || store.actor.companyId === null) return out;
  const visible = (await store.visibility(WAYPOINT)).conds;
  const fromMs = dayStart(from);
  const toMs = dayStart(to) + DAY_MS;
  const day = sql`((${sql.ref("wptime")} + ${sql.lit(ZONE_MS)}) / ${sql.lit(DAY_MS)})`;
  // asin's argument may round a hair above 1 for antipodes: clamp (least on PostgreSQL, min on
  // SQLite). The first point of a day has no segment: 0, not the clamp of a null (least()
  // skips nulls on PostgreSQL, min() answers null on SQLite).
  const clamp = dialect === "postgres" ? sql`least` : sql`min`;
  const rows = await forUsers(userIds, async (part) => {
    const res = await sql<{ user_id: number; day: number; n: number; last_ms: number; meters: number | null }>`
      select user_id, day, count(*) as n, max(wptime) as last_ms, sum(seg) as meters
      from (
        select user_id, wptime, ${day} as day,
          case when lag(wptime) over w is null then 0 else
            ${sql.lit(2 * EARTH_RADIUS_M)} * asin(${clamp}(1, sqrt(
              power(sin(radians(lat - lag(lat) over w) / 2), 2)
              + cos(radians(lat)) * cos(radians(lag(lat) over w)) * power(sin(radians(lon - lag(lon) over w) / 2), 2)
            )))
          end as seg
        from ${sql.table(WAYPOINT_TABLE)}
        where ${sql.join(visible, sql` and `)} and user_id in (${sql.join(part)}) and wptime >= ${fromMs} and wptime < ${toMs}
        window w as (partition by user_id, ${day} order by wptime)
      ) t
      group by user_id, day`.execute(db);
    return res.rows;
  });
  for (const r of rows) {
    out.set(`${Number(r.user_id)}:${dateOfKey(Number(r.day))}`, {
      waypoint_count: Number(r.n),
      last_seen: new Date(Number(r.last_ms)).toISOString(),
      distance_km: Math.round(Number(r.meters ?? 0) / 10) / 100,
    });
  }
  return out;
}

/** One row per staff member per day, presence filled; track figures left for `fillTracks`. */
export async function dailyRows(store: RecordStore, staff: Staff[], days: string[]): Promise<Row[]> {
  const presence = await presenceOf(
    store,
    staff.map((s) => s.id),
    days,
  );
  const rows: Row[] = [];
  for (const date of days) {
    for (const s of staff) {
      const p = presence.get(`${s.id}:${date}`);
      rows.push({
        user_id: s.id,
        name: s.name,
        role_id: s.role_id,
        division_id: s.division_id,
        date,
        presence_status: p?.presence_status ?? null,
        clock_in: p?.clock_in ?? null,
        clock_out: p?.clock_out ?? null,
        project_id: p?.project_id ?? null,
        last_seen: null,
        waypoint_count: 0,
        distance_km: 0,
      });
    }
  }
  return rows;
}

export const TRACK_FIELDS = ["last_seen", "waypoint_count", "distance_km"] as const;

/** Fills the track figures of the given rows (one grouped query per batch of users). */
export async function fillTracks(store: RecordStore, dialect: DialectName, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const users = [...new Set(rows.map((r) => Number(r.user_id)))];
  const dates = rows.map((r) => String(r.date)).sort();
  const tracks = await tracksOf(store, dialect, users, dates[0], dates[dates.length - 1]);
  for (const r of rows) {
    const t = tracks.get(`${Number(r.user_id)}:${String(r.date)}`);
    r.waypoint_count = t?.waypoint_count ?? 0;
    r.last_seen = t?.last_seen ?? null;
    r.distance_km = t?.distance_km ?? 0;
  }
}
