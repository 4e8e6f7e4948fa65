// Time zones of the declaration's `timezone` fields (IANA names), shared by the server's
// validation and the web app: Indonesia's three zones first (WIB, WITA, WIT), and the check of a
// name against the runtime's own zone data (Intl: Node and browsers carry full ICU), never a
// hand-written list of offsets.

/** Indonesia's zones, west to east: WIB (UTC+7), WITA (UTC+8), WIT (UTC+9). */
export const INDONESIA_TIME_ZONES = ["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura"] as const;

/** The zone of a company that has not chosen one (company-management.time_zone's default). */
export const DEFAULT_TIME_ZONE = "Asia/Jakarta";

/** Area/Location names (and UTC): not offsets such as "+07:00", which some engines also accept. */
const NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
/** Canonical names seen: a few hundred at most (other spellings are not kept, so no input grows it). */
const known = new Set<string>();

/** The canonical spelling of an IANA zone name ("asia/jakarta" → "Asia/Jakarta"), or null when the runtime knows no such zone. */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== "string" || name.length > 64 || !NAME.test(name)) return null;
  if (known.has(name)) return name;
  try {
    const canonical = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    if (canonical === name) known.add(name);
    return canonical;
  } catch {
    return null;
  }
}
