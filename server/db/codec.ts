// The one place where wire values (docs/api.md "Values on the wire") meet stored values.
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

type Decoder = (v: unknown) => unknown;

const parseJson: Decoder = (v) => {
  try {
    return typeof v === "string" ? JSON.parse(v) : v;
  } catch {
    return null;
  }
};

/** The decoding of one field kind, chosen once (rows decode many values of few kinds). */
function decoderOf(f: Pick<ResolvedField, "type" | "storeAs">): Decoder {
  switch (f.type) {
    case "boolean":
      return (v) => (v === undefined || v === null ? null : v === true || Number(v) !== 0);
    case "datetime":
      if (f.storeAs === "epochMs") return (v) => (v === undefined || v === null ? null : new Date(Number(v)).toISOString());
      return (v) => (v === undefined || v === null ? null : String(v));
    case "geo":
    case "json":
      return (v) => (v === undefined || v === null ? null : parseJson(v));
    default:
      if (NUMERIC_TYPES.includes(f.type)) return (v) => (v === undefined || v === null ? null : Number(v));
      return (v) => (v === undefined || v === null ? null : String(v));
  }
}

export function decodeValue(f: Pick<ResolvedField, "type" | "storeAs">, v: unknown): unknown {
  return decoderOf(f)(v);
}

/** Wire record → row: only the given fields, password fields passed through (hashed earlier); never virtual ones. */
export function encodeRecord(r: ResolvedResource, values: Record<string, unknown>): Record<string, Stored> {
  const row: Record<string, Stored> = {};
  for (const f of r.fields) if (f.name in values && !f.virtual) row[f.name] = encodeValue(f, values[f.name]);
  return row;
}

type RowDecoder = (row: Record<string, unknown>) => Record<string, unknown>;

/** Per resource and extra keys: a function made once, building every record in one shape. */
const ROW_DECODERS = new WeakMap<ResolvedResource, Map<string, RowDecoder>>();

/**
 * Row → wire record: every declared field (never a password hash or a virtual field), plus
 * `extraKeys` set to null (slots filled later, e.g. `F_label`s, in that order). Records come
 * from one object literal made for the resource: one shape, and no property added afterwards.
 */
export function rowDecoder(r: ResolvedResource, extraKeys: readonly string[] = []): RowDecoder {
  let byKeys = ROW_DECODERS.get(r);
  if (!byKeys) ROW_DECODERS.set(r, (byKeys = new Map()));
  const id = extraKeys.join(",");
  let decode = byKeys.get(id);
  if (decode) return decode;
  const fields = r.fields.filter((f) => f.type !== "password" && !f.virtual);
  const decoders = fields.map(decoderOf);
  if ([...fields.map((f) => f.name), ...extraKeys].includes("__proto__")) {
    decode = (row) => {
      const out: Record<string, unknown> = {};
      fields.forEach((f, i) => Object.defineProperty(out, f.name, { value: decoders[i](row[f.name]), enumerable: true, writable: true, configurable: true }));
      for (const k of extraKeys) Object.defineProperty(out, k, { value: null, enumerable: true, writable: true, configurable: true });
      return out;
    };
  } else {
    const q = JSON.stringify;
    const body = `return (row) => ({ ${[...fields.map((f, i) => `${q(f.name)}: d[${i}](row[${q(f.name)}])`), ...extraKeys.map((k) => `${q(k)}: null`)].join(", ")} });`;
    decode = new Function("d", body)(decoders) as RowDecoder;
  }
  byKeys.set(id, decode);
  return decode;
}

/** Row → wire record: every declared field, never a password (hash) or virtual field. */
export function decodeRow(r: ResolvedResource, row: Record<string, unknown>): Record<string, unknown> {
  return rowDecoder(r)(row);
}
