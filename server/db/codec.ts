// The one place where wire values (docs/contract-notes.md) meet stored values.
//   integer/ref → integer; number/money/percent → double; boolean → integer 0/1;
//   date → 'YYYY-MM-DD'; datetime → ISO UTC text (sortable), or epoch ms (storeAs "epochMs");
//   time → 'HH:mm'; geo → text JSON "[lon,lat]"; json → text JSON; strings → text.
// Values reaching `encodeValue` are already validated (server/validation).
import type { FieldType, ResolvedField, ResolvedResource } from "../../declaration";

export type Stored = string | number | null;

/** How a field is stored: drives the column type of migrations too. */
export type ColumnKind = "integer" | "bigint" | "real" | "text";

export function columnKindOf(f: Pick<ResolvedField, "type" | "storeAs">): ColumnKind {
  switch (f.type) {
    case "integer":
    case "ref":
    case "boolean":
      return "integer";
    case "number":
    case "money":
    case "percent":
      return "real";
    case "datetime":
      return f.storeAs === "epochMs" ? "bigint" : "text";
    default:
      return "text";
  }
}

const NUMERIC_TYPES: FieldType[] = ["integer", "ref", "number", "money", "percent"];

/** The canonical stored form of a datetime: 24 characters, UTC, so text order is time order. */
export const isoUtc = (v: string | number | Date): string => new Date(v).toISOString();

export function encodeValue(f: Pick<ResolvedField, "type" | "storeAs">, v: unknown): Stored {
  if (v === undefined || v === null) return null;
  switch (f.type) {
    case "boolean":
      return v ? 1 : 0;
    case "datetime":
      if (f.storeAs === "epochMs") return typeof v === "number" ? v : Date.parse(String(v));
      return isoUtc(v as string | number);
    case "geo":
    case "json":
      return JSON.stringify(v);
    default:
      if (NUMERIC_TYPES.includes(f.type)) return Number(v);
      return String(v);
  }
}

export function decodeValue(f: Pick<ResolvedField, "type" | "storeAs">, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (f.type) {
    case "boolean":
      return v === true || Number(v) !== 0;
    case "datetime":
      if (f.storeAs === "epochMs") return new Date(Number(v)).toISOString();
      return String(v);
    case "geo":
    case "json":
      try {
        return typeof v === "string" ? JSON.parse(v) : v;
      } catch {
        return null;
      }
    default:
      if (NUMERIC_TYPES.includes(f.type)) return Number(v);
      return String(v);
  }
}

/** Wire record → row: only the given fields, password fields passed through (hashed earlier); never virtual ones. */
export function encodeRecord(r: ResolvedResource, values: Record<string, unknown>): Record<string, Stored> {
  const row: Record<string, Stored> = {};
  for (const f of r.fields) if (f.name in values && !f.virtual) row[f.name] = encodeValue(f, values[f.name]);
  return row;
}

/** Row → wire record: every declared field, never a password (hash) or virtual field. */
export function decodeRow(r: ResolvedResource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of r.fields) {
    if (f.type === "password" || f.virtual) continue;
    out[f.name] = decodeValue(f, row[f.name]);
  }
  return out;
}
