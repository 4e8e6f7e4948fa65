// Valid values for any declared field, made from its type and bounds (the contract tests walk
// the declaration with these), and the comparison of a sent value with the answered one.
import type { ResolvedField, ResolvedResource } from "../../declaration";

let counter = 0;
export const nextN = () => ++counter;

function fit(f: ResolvedField, s: string, n: number): string {
  const max = f.maxLength ?? 255;
  return s.length <= max ? s : n.toString(36).toUpperCase().padStart(max, "X").slice(-max);
}

/** A valid wire value for a non-ref field; `n` makes unique fields unique. */
export function sampleValue(f: ResolvedField, n: number, variant = 0): unknown {
  const lo = f.min ?? 0;
  const hi = f.max ?? (f.type === "percent" ? 100 : lo + 1000);
  switch (f.type) {
    case "string":
      return fit(f, `${f.name} ${n}${variant ? " v2" : ""}`, n + variant);
    case "text":
      return `Some ${f.name} text ${n}${variant ? " (changed)" : ""}`;
    case "email":
      return `user${n}${variant ? "x" : ""}@sample.test`;
    case "phone":
      return `+62 812 ${String(1000 + n + variant).slice(-4)} 000`;
    case "url":
      return `https://example.test/${n}`;
    case "integer":
      return Math.min(hi, lo + 1 + ((n + variant) % 5));
    case "number":
    case "money":
      return Math.min(hi, lo + 1.5 + variant);
    case "percent":
      return Math.min(hi, lo + 42 + variant);
    case "boolean":
      return variant ? false : true;
    case "date":
      return `2026-11-${String(10 + ((n + variant) % 18)).padStart(2, "0")}`;
    case "datetime":
      return `2026-11-21T0${8 + variant}:30:00+07:00`;
    case "time":
      return variant ? "17:00" : "08:30";
    case "enum": {
      const o = f.options ?? [];
      return o[(n + variant) % o.length];
    }
    case "image":
      return `sample-${n}${variant ? "b" : ""}.png`;
    case "file":
      return `sample-${n}${variant ? "b" : ""}.pdf`;
    case "color":
      return variant ? "#52c41a" : "#1677ff";
    case "icon":
      return variant ? "BankOutlined" : "TeamOutlined";
    case "geo":
      return [106.8 + variant / 10, -6.2];
    case "json":
      // A declared geometry must be one (a work area: a closed ring of [longitude, latitude]).
      if (f.geometry === "polygon") {
        const x = 106.8 + variant / 100;
        return {
          type: "Polygon",
          coordinates: [
            [
              [x, -6.2],
              [x + 0.01, -6.2],
              [x + 0.01, -6.19],
              [x, -6.2],
            ],
          ],
        };
      }
      return { sample: n, variant };
    case "password":
      return "sample-password-1";
    case "timezone":
      return variant ? "Asia/Makassar" : "Asia/Jayapura";
    case "ref":
      throw new Error("refs come from created targets");
  }
}

/** Does the answered value stand for the sent one (datetimes come back in UTC)? */
export function sameValue(f: ResolvedField, sent: unknown, got: unknown): boolean {
  if (sent === null || sent === undefined) return got === null;
  if (f.type === "datetime") return Date.parse(String(sent)) === Date.parse(String(got));
  if (f.type === "email") return String(sent).toLowerCase() === got;
  return JSON.stringify(sent) === JSON.stringify(got);
}

/** Fields a client writes and reads back (not implicit, not server-owned, not virtual). */
export const writable = (r: ResolvedResource) => r.fields.filter((f) => !f.implicit && !f.serverOwned && !f.virtual);
