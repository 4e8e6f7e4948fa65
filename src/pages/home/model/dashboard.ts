// The home dashboard's rules, apart from React: which day is "today" for the cards that read
// dates (the company's day, on its zone's clock, whatever the browser's zone), and the latest
// health report of each active project.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** "YYYY-MM-DD" of the day `offset` days from today on the clock of `zone`. */
export const dayFromToday = (offset: number, zone: string, now: Date = new Date()): string => dayjs(now).tz(zone).add(offset, "day").format("YYYY-MM-DD");

export type Health = "healthy" | "at_risk" | "critical";
export const HEALTH_LEVELS: readonly Health[] = ["healthy", "at_risk", "critical"];

export interface HealthReport {
  project_id: number;
  report_date: string;
  status: string;
  id: number;
}

/**
 * Counts per health status of the latest report (by report_date, then id) of each project in
 * `active`; projects without a report are counted as `unreported`.
 */
export function healthOf(reports: readonly HealthReport[], active: ReadonlySet<number>): Record<Health, number> & { unreported: number } {
  const latest = new Map<number, HealthReport>();
  for (const r of reports) {
    const p = Number(r.project_id);
    if (!active.has(p)) continue;
    const seen = latest.get(p);
    if (!seen || r.report_date > seen.report_date || (r.report_date === seen.report_date && Number(r.id) > Number(seen.id))) latest.set(p, r);
  }
  const out = { healthy: 0, at_risk: 0, critical: 0, unreported: active.size - latest.size };
  for (const r of latest.values()) if ((HEALTH_LEVELS as readonly string[]).includes(r.status)) out[r.status as Health] += 1;
  return out;
}
