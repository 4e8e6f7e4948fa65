// Today at a glance: where the worker's day stands (not clocked in, clocked in since 07:58 at a
// project inside or outside its area, on a break, clocked out), counting what still waits in the
// offline queue as done, how long they worked (the day's earlier presences too: a worker clocks in
// at one site after another), and what they can do next (clock in again after a clock-out).
import dayjs from "dayjs";
import type { FieldDay } from "../../../../declaration/answers";
import { DEFAULT_TIME_ZONE } from "../../../../declaration/time-zones";
import type { QueuedAction } from "./queue";
import { sitesOf, type Site } from "./sites";

export type Area = "inside" | "outside" | null;

/** A break under way: since when, and whether its start still waits in the queue. */
export interface OnBreak {
  since: string;
  waiting: boolean;
}

/** Where the worker clocked in (the presence's clock_in_geo, [lon, lat]), null when unknown. */
type ClockInPlace = readonly [number, number] | null;

export type DayState =
  | { kind: "out-of-day" }
  | {
      kind: "clockedIn";
      since: string;
      site: Site | null;
      projectName: string | null;
      area: Area;
      waiting: boolean;
      late: boolean;
      place: ClockInPlace;
      onBreak: OnBreak | null;
      /** Minutes of the day's earlier presences (the server's figures). */
      earlier: number;
    }
  | {
      kind: "clockedOut";
      since: string;
      until: string;
      site: Site | null;
      projectName: string | null;
      area: Area;
      minutes: number | null;
      waiting: boolean;
      late: boolean;
      place: ClockInPlace;
      earlier: number;
    };

const text = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const areaOf = (v: unknown): Area => (v === "inside" || v === "outside" ? v : null);
const elapsed = (since: string, until: string) => Math.max(0, Math.round((Date.parse(until) - Date.parse(since)) / 60_000));

/**
 * The day as the page shows it: the server's presence (the open one, else the day's latest), then
 * the worker's own waiting actions on top (a clock-in queued offline means clocked in, a clock-out
 * queued means clocked out, a break queued means on a break; a refused one counts for nothing).
 * "out-of-day": nothing yet today.
 */
export function dayStateOf(day: FieldDay | undefined, waiting: QueuedAction[] = []): DayState {
  const sites = sitesOf(day);
  const siteOf = (id: unknown) => sites.find((s) => s.id === Number(id)) ?? null;
  const p = day?.presence ?? null;
  const earlier = (day?.presences ?? [])
    .filter((x) => x.id !== p?.id && text(x.clock_out))
    .reduce((sum, x) => sum + (typeof x.work_duration === "number" ? x.work_duration : elapsed(String(x.clock_in), String(x.clock_out))), 0);
  let state: DayState = { kind: "out-of-day" };
  if (p && text(p.clock_in)) {
    const site = siteOf(p.project_id);
    const geo = p.clock_in_geo;
    const place: ClockInPlace = Array.isArray(geo) && geo.length === 2 && geo.every((x) => typeof x === "number") ? [geo[0] as number, geo[1] as number] : null;
    const common = {
      since: text(p.clock_in)!,
      site,
      projectName: text(p.project_id_label) ?? site?.name ?? null,
      area: areaOf(p.work_area_in),
      waiting: false,
      // The stored status: the server decided it against the shift.
      late: p.presence_status === "late",
      place,
      earlier,
    };
    state = text(p.clock_out)
      ? {
          kind: "clockedOut",
          ...common,
          until: text(p.clock_out)!,
          area: areaOf(p.work_area_out) ?? common.area,
          minutes: typeof p.work_duration === "number" ? p.work_duration : null,
        }
      : { kind: "clockedIn", ...common, onBreak: day?.break && !day.break.end ? { since: day.break.start, waiting: false } : null };
  }
  // A refused action did not happen as far as the server knows (the queue panel shows it with its reason).
  for (const a of waiting.filter((w) => !w.refused)) {
    if (a.kind === "clockIn" && state.kind !== "clockedIn") {
      const site = siteOf(a.fields.project_id);
      const lon = Number(a.fields.lon);
      const lat = Number(a.fields.lat);
      const place: ClockInPlace = Number.isFinite(lon) && Number.isFinite(lat) && a.fields.lon != null && a.fields.lat != null ? [lon, lat] : null;
      const before = state.kind === "clockedOut" ? state.earlier + (state.minutes ?? elapsed(state.since, state.until)) : 0;
      state = { kind: "clockedIn", since: a.capturedAt, site, projectName: site?.name ?? null, area: null, waiting: true, late: false, place, onBreak: null, earlier: before };
    } else if (a.kind === "clockOut" && state.kind === "clockedIn") {
      const { onBreak: _onBreak, ...rest } = state;
      state = { ...rest, kind: "clockedOut", until: a.capturedAt, minutes: null, waiting: true };
    } else if (a.kind === "breakStart" && state.kind === "clockedIn" && !state.onBreak) {
      state = { ...state, onBreak: { since: a.capturedAt, waiting: true } };
    } else if (a.kind === "breakEnd" && state.kind === "clockedIn" && state.onBreak) {
      state = { ...state, onBreak: null };
    }
  }
  return state;
}

/** Minutes worked today: the earlier presences, and the server's figure once clocked out, else the time since the clock-in (no break deducted yet). */
export function workedMinutes(state: DayState, now: number): number | null {
  if (state.kind === "clockedOut") return state.earlier + (state.minutes ?? elapsed(state.since, state.until));
  if (state.kind === "clockedIn") return state.earlier + Math.max(0, Math.floor((now - Date.parse(state.since)) / 60_000));
  return null;
}

/** The clock action the page offers now: clock out while clocked in, else clock in (again: another site, after a clock-out). */
export function nextClockAction(state: DayState): "clockIn" | "clockOut" {
  return state.kind === "clockedIn" ? "clockOut" : "clockIn";
}

/** The break action the page offers now: only while clocked in. */
export function nextBreakAction(state: DayState): "breakStart" | "breakEnd" | null {
  if (state.kind !== "clockedIn") return null;
  return state.onBreak ? "breakEnd" : "breakStart";
}

/** The zone the day's times show in: the presence's site, else the day's. */
export const zoneOfDay = (state: DayState, day: FieldDay | undefined): string =>
  state.kind !== "out-of-day" && state.site ? state.site.timeZone : (day?.time_zone ?? DEFAULT_TIME_ZONE);

/** The day as the page's heading shows it ("Saturday, 21 November 2026"), in the given dayjs locale: a calendar day of the site, no zone. */
export const dayHeading = (date: string, locale: string): string => dayjs(date).locale(locale).format("dddd, D MMMM YYYY");
