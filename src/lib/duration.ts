// A number with a declared unit (FieldDecl `unit`) as people read it: minutes and hours as a
// duration ("6 h 30 min", "6 j 30 mnt"), days counted ("25 days", "25 hari"); and the text typed
// in a form back into the field's unit ("390", "6 h 30", "6j 30mnt", "1,5 jam").

export type Unit = "minutes" | "hours" | "days";
type T = (key: string, options?: Record<string, unknown>) => string;

const MINUTES: Record<Exclude<Unit, "days">, number> = { minutes: 1, hours: 60 };

/** The value as read in the user's language, or null when it is not a number. */
export function unitText(value: unknown, unit: Unit, t: T): string | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(n)) return null;
  if (unit === "days") return t("units.days", { count: n });
  const total = Math.round(n * MINUTES[unit]);
  const sign = total < 0 ? "-" : "";
  const hours = Math.floor(Math.abs(total) / 60);
  const minutes = Math.abs(total) % 60;
  const parts = [hours ? t("units.hours", { count: hours }) : "", minutes || !hours ? t("units.minutes", { count: minutes }) : ""].filter(Boolean);
  return sign + parts.join(" ");
}

/** Words for hours and minutes in both languages (h, hr, hour, j, jam; m, min, minute, mnt, menit). */
const HOUR_WORD = /^(h|hr|hrs|hour|hours|j|jam)$/;
const MINUTE_WORD = /^(m|min|mins|minute|minutes|mnt|menit)$/;

/**
 * Typed text → the field's unit: numbers followed by an hour or minute word add up; a bare number
 * is in the field's own unit. Null when the text says nothing readable.
 */
export function parseUnitText(text: string | undefined, unit: Unit): number | null {
  const s = (text ?? "").trim().toLowerCase();
  if (!s) return null;
  const tokens = [...s.matchAll(/(-?\d+(?:[.,]\d+)?)\s*([a-z]*)/g)];
  if (!tokens.length) return null;
  if (unit === "days") return Number(tokens[0][1].replace(",", "."));
  let minutes = 0;
  for (const [, num, word] of tokens) {
    const n = Number(num.replace(",", "."));
    if (HOUR_WORD.test(word)) minutes += n * 60;
    else if (MINUTE_WORD.test(word)) minutes += n;
    else if (!word) minutes += n * MINUTES[unit];
    else return null;
  }
  return minutes / MINUTES[unit];
}
