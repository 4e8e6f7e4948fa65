// Exception-first review: the people with a flagged day (a missing clock-out, a presence over
// 12 h, overlapping presences, an edit tried on an approved period) come first, in the server's
// order (by name) otherwise; or only them. Pure, so tests pin it.
import type { TimesheetPersonRow } from "./types";

export function exceptionsFirst(people: readonly TimesheetPersonRow[], onlyExceptions: boolean): TimesheetPersonRow[] {
  const flagged = people.filter((p) => p.flagged_days > 0);
  return onlyExceptions ? flagged : [...flagged, ...people.filter((p) => p.flagged_days === 0)];
}
