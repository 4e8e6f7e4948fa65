// A company past its subscription's end keeps reading but writes nothing (Actor.readOnly
// "subscription_ended"; issue 20): not a lock-out. The end date is the last day paid for, in the
// company's own time zone: the company turns read-only when its next day begins there.
import { localParts, zoneOf } from "../field/zones";

/** Has a subscription ending on `end` ("YYYY-MM-DD", inclusive) ended at `now` in `zone`? No end date: never. */
export function subscriptionEnded(end: unknown, zone: unknown, now = Date.now()): boolean {
  if (typeof end !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(end)) return false;
  return localParts(now, zoneOf(zone)).date > end.slice(0, 10);
}

/** What a session says of its company's subscription (login answer and GET /api/me, docs/api.md "Auth"). */
export function subscriptionState(
  companyId: number | null,
  end: unknown,
  zone: unknown,
  now = Date.now(),
): { subscription_end: string | null; read_only: "subscription_ended" | null } {
  const date = typeof end === "string" && end ? end.slice(0, 10) : null;
  return { subscription_end: date, read_only: companyId !== null && subscriptionEnded(date, zone, now) ? "subscription_ended" : null };
}
