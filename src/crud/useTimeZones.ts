// The zones a signed-in user's times are shown in: GET project/time-zones (docs/api.md "Field
// capture", time zones), read once per session by the first screen that shows times (a page
// without any asks nothing) and again after a project or the company is saved;
// until it has come (or where it fails, e.g. a backend without it), the company's zone from the
// login answer, else Asia/Jakarta.
// Read with Refine's useCustom as the declared operation by name (the data provider takes its
// method and path from the declaration), not through src/providers/operations.ts: this runs in the
// shell on every first screen, and that module's chunk would cost the first list ~1 KB of its
// 450 KB budget (npm run bench:bundle).
import { useEffect, useMemo } from "react";
import { useCustom, type BaseRecord, type HttpError } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { canonicalTimeZone } from "../../declaration";
import type { ProjectTimeZones } from "../../declaration/answers";
import { getStoredTimeZone, getStoredUser } from "../auth/session";
import { zoneOfProject, zoneOrDefault, type TimeZones } from "../lib/timeZones";

/** Saving one of these may change a zone. */
const ZONE_RESOURCES = new Set(["project", "company-management"]);

/** One query per signed-in user (another user signing in on this page asks again). */
const queryKeyOf = (userId: unknown) => ["time-zones", userId ?? null];

/** The answer as the zones to use: anything unreadable falls back to the login answer's company zone. */
export function toTimeZones(answer: unknown, sessionZone: string | null): TimeZones {
  const a = answer as { company?: unknown; projects?: unknown } | null | undefined;
  const company = zoneOrDefault(typeof a?.company === "string" ? a.company : sessionZone);
  const projects: Record<string, string> = {};
  if (a?.projects && typeof a.projects === "object" && !Array.isArray(a.projects)) {
    for (const [id, zone] of Object.entries(a.projects as Record<string, unknown>)) {
      // An unknown zone (a name this browser does not know) leaves the project on the company's.
      const z = canonicalTimeZone(zone);
      if (z && z !== company) projects[id] = z;
    }
  }
  return { company, projects };
}

/**
 * The zones, and whether the answer has come (or failed, or is not asked for): a page that
 * converts many times at once waits for it. `needed` false: only what an earlier screen asked.
 */
export function useTimeZonesQuery(needed = true): { zones: TimeZones; settled: boolean } {
  const user = getStoredUser();
  const sessionZone = getStoredTimeZone();
  // The platform owner belongs to no company: nothing to ask (the operation needs one).
  const enabled = needed && user?.company_id !== null && user?.company_id !== undefined;
  const { query } = useCustom<BaseRecord, HttpError>({
    url: "",
    method: "get",
    meta: { resource: "project", operation: "timeZones" },
    queryOptions: { queryKey: queryKeyOf(user?.id), enabled, staleTime: Infinity, gcTime: Infinity, retry: false },
    errorNotification: false,
  });
  const data = query.data?.data as ProjectTimeZones | undefined;
  const zones = useMemo(() => toTimeZones(data, sessionZone), [data, sessionZone]);
  return { zones, settled: !enabled || query.isFetched || query.isError };
}

export function useTimeZones(needed = true): TimeZones {
  return useTimeZonesQuery(needed).zones;
}

/**
 * Asks for the zones again after a successful save or delete of a project or of the company (any
 * Refine mutation naming that resource). Mounted once, in the shell.
 */
export function TimeZonesWatcher(): null {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        const vars = event.mutation.state.variables as { resource?: unknown; meta?: { resource?: unknown } } | undefined;
        const resource = vars?.resource ?? vars?.meta?.resource;
        if (typeof resource === "string" && ZONE_RESOURCES.has(resource)) void client.invalidateQueries({ queryKey: ["time-zones"] });
      }),
    [client],
  );
  return null;
}

/** The zone of one project's times (its own, else the company's). */
export function useProjectZone(projectId: unknown): string {
  return zoneOfProject(useTimeZones(), projectId);
}
