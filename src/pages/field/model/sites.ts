// The worker's projects as the clock-in offers them (presence/today's `projects`, read from the
// wire's loose values), the nearest one to a position, and whether a position is inside a
// project's work area (a prediction shown beside the choice: the server decides what is stored).
import { DEFAULT_WORK_RADIUS_M, distanceM } from "../../../../declaration/field-capture";
import type { FieldDay } from "../../../../declaration/answers";

export type LonLat = readonly [number, number];

export interface Site {
  id: number;
  name: string;
  /** [lon, lat], or null when the project has no place. */
  location: LonLat | null;
  /** The work area's radius, metres. */
  radiusM: number;
  /** The site's IANA zone (the project's own, else the company's). */
  timeZone: string;
  /** The project's address, or null. */
  address: string | null;
}

const isLonLat = (v: unknown): v is LonLat =>
  Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number" && Number.isFinite(x)) && Math.abs(v[0]) <= 180 && Math.abs(v[1]) <= 90;

/** The projects of presence/today, typed; rows without an id are left out. */
export function sitesOf(day: Pick<FieldDay, "projects" | "time_zone"> | undefined): Site[] {
  return (day?.projects ?? []).flatMap((p) => {
    const id = Number(p.id);
    if (!Number.isInteger(id)) return [];
    const radius = Number(p.work_radius_m);
    return [
      {
        id,
        name: typeof p.name === "string" && p.name ? p.name : `#${id}`,
        location: isLonLat(p.location) ? p.location : null,
        radiusM: Number.isFinite(radius) && radius > 0 ? radius : DEFAULT_WORK_RADIUS_M,
        timeZone: typeof p.time_zone === "string" && p.time_zone ? p.time_zone : day!.time_zone,
        address: typeof p.address === "string" && p.address.trim() ? p.address.trim() : null,
      },
    ];
  });
}

/** Metres from the position to the project's place, or null (no position, no place). */
export const distanceTo = (site: Site, at: LonLat | null): number | null => (at && site.location ? distanceM(at, site.location) : null);

/** "inside" / "outside" the project's work area, or null when either place is unknown. */
export function areaOf(site: Site, at: LonLat | null): "inside" | "outside" | null {
  const d = distanceTo(site, at);
  return d === null ? null : d <= site.radiusM ? "inside" : "outside";
}

/**
 * The project to preselect: the nearest one with a place when the position is known, else the
 * only project, else none (the worker chooses).
 */
export function nearestSite(sites: Site[], at: LonLat | null): Site | null {
  let best: { site: Site; d: number } | null = null;
  for (const site of sites) {
    const d = distanceTo(site, at);
    if (d !== null && (!best || d < best.d)) best = { site, d };
  }
  return best?.site ?? (sites.length === 1 ? sites[0] : null);
}

/** A distance as people read it: "80 m", "1.2 km" (in the language's number format). */
export function distanceText(metres: number, lang: string): string {
  if (metres < 1000) return `${Math.round(metres).toLocaleString(lang)} m`;
  return `${(metres / 1000).toLocaleString(lang, { maximumFractionDigits: metres < 10_000 ? 1 : 0 })} km`;
}
