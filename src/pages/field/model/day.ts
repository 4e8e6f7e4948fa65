// Today at a glance: where the worker's day stands (not clocked in, clocked in since 07:58 at a
// project inside or outside its area, clocked out), counting what still waits in the offline
// queue as done, how long they worked, and what they can do next.
import dayjs from "dayjs";
import type { FieldDay } from "../../../../declaration/answers";
import { DEFAULT_TIME_ZONE } from "../../../../declaration/time-zones";
import type { QueuedAction } from "./queue";
import { sitesOf, type Site } from "./sites";

export type Area = "inside" | "outside" | null;

/** Where the worker clocked in (the presence's clock_in_geo, [lon, lat]), null when unknown. */
type ClockInPlace = readonly [number, number] | null;

export type DayState =
  | { kind: "out-of-day" }
  | { kind: "clockedIn"; since: string; site: Site | null; projectName: string | null; area: Area; waiting: boolean; late: boolean; place: ClockInPlace }
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
    };

const text = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const areaOf = (v: unknown): Area => (v === "inside" || v === "outside" ? v : null);

/**
 * The day as the page shows it: the server's presence, then the worker's own waiting actions on
 * top (a clock-in queued offline means clocked in, a clock-out queued means clocked out; a refused one counts for nothing).
 * "out-of-day": nothing yet today.
 */
export function dayStateOf(day: FieldDay | undefined, waiting: QueuedAction[] = []): DayState {
  const sites = sitesOf(day);
  const siteOf = (id: unknown) => sites.find((s) => s.id === Number(id)) ?? null;
  const p = day?.presence ?? null;
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
    };
    state = text(p.clock_out)
      ? {
          kind: "clockedOut",
          ...common,
          until: text(p.clock_out)!,
          area: areaOf(p.work_area_out) ?? common.area,
          minutes: typeof p.work_duration === "number" ? p.work_duration : null,
        }
      : { kind: "clockedIn", ...common };
  }
  // A refused action did not happen as far as the server knows (the queue panel shows it with its reason).
  for (const a of waiting.filter((w) => !w.refused)) {
    if (a.kind === "clockIn" && state.kind === "out-of-day") {
      const site = siteOf(a.fields.project_id);
      const lon = Number(a.fields.lon);
      const lat = Number(a.fields.lat);
      const place: ClockInPlace = Number.isFinite(lon) && Number.isFinite(lat) && a.fields.lon != null && a.fields.lat != null ? [lon, lat] : null;
      state = { kind: "clockedIn", since: a.capturedAt, site, projectName: site?.name ?? null, area: null, waiting: true, late: false, place };
    } else if (a.kind === "clockOut" && state.kind === "clockedIn") {
      state = { ...state, kind: "clockedOut", until: a.capturedAt, minutes: null, waiting: true };
    }
  }
  return state;
}

/** Minutes worked today: the server's figure once clocked out, else the time since the clock-in (no break deducted yet). */
export function workedMinutes(state: DayState, now: number): number | null {
  if (state.kind === "clockedOut") return state.minutes ?? Math.max(0, Math.round((Date.parse(state.until) - Date.parse(state.since)) / 60_000));
  if (state.kind === "clockedIn") return Math.max(0, Math.floor((now - Date.parse(state.since)) / 60_000));
  return null;
}

/** The clock action the page offers now: clock in, clock out, or none (done for the day). */
export function nextClockAction(state: DayState): "clockIn" | "clockOut" | null {
  return state.kind === "out-of-day" ? "clockIn" : state.kind === "clockedIn" ? "clockOut" : null;
}

/** The zone the day's times show in: the presence's site, else the day's. */
export const zoneOfDay = (state: DayState, day: FieldDay | undefined): string =>
  state.kind !== "out-of-day" && state.site ? state.site.timeZone : (day?.time_zone ?? DEFAULT_TIME_ZONE);

/** The day as the page's heading shows it ("Saturday, 21 November 2026"), in the given dayjs locale: a calendar day of the site, no zone. */
export const dayHeading = (date: string, locale: string): string => dayjs(date).locale(locale).format("dddd, D MMMM YYYY");
