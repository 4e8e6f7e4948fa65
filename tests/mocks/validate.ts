// Body validation of the contract mock, from the declaration: unknown and server-owned fields
// are dropped; missing required fields, wrong types and enum values answer 400 per field.
import type { ResolvedField, ResolvedResource } from "../../declaration";
import type { MockDb, Row } from "./db";

type Lang = "en" | "id";
const MESSAGES: Record<string, Record<Lang, string>> = {
  required: { en: "is required", id: "wajib diisi" },
  type: { en: "has a wrong type", id: "tipenya salah" },
  option: { en: "is not one of the allowed values", id: "bukan pilihan yang diizinkan" },
  tooLong: { en: "is too long", id: "terlalu panjang" },
  tooSmall: { en: "is too small", id: "terlalu kecil" },
  tooBig: { en: "is too big", id: "terlalu besar" },
  email: { en: "is not an e-mail address", id: "bukan alamat e-mail" },
  missingRef: { en: "refers to a missing record", id: "merujuk ke data yang tidak ada" },
  unique: { en: "is already used", id: "sudah dipakai" },
};
export const message = (key: keyof typeof MESSAGES, field: string, lang: Lang) => `${field} ${MESSAGES[key][lang]}`;

const NUMERIC = new Set(["integer", "number", "money", "percent"]);
const TEXTUAL = new Set(["string", "text", "email", "phone", "url", "password", "color", "icon", "image", "file", "enum"]);

/** Fields a client may write. */
export const writable = (r: ResolvedResource): ResolvedField[] =>
  r.fields.filter((f) => !f.serverOwned && !f.implicit);

function checkValue(f: ResolvedField, v: unknown, db: MockDb, lang: Lang): string | undefined {
  if (NUMERIC.has(f.type)) {
    if (typeof v !== "number" || !Number.isFinite(v)) return message("type", f.name, lang);
    if (f.type === "integer" && !Number.isInteger(v)) return message("type", f.name, lang);
    if (f.min !== undefined && v < f.min) return message("tooSmall", f.name, lang);
    if (f.max !== undefined && v > f.max) return message("tooBig", f.name, lang);
    return undefined;
  }
  if (TEXTUAL.has(f.type)) {
    if (typeof v !== "string") return message("type", f.name, lang);
    if (f.maxLength !== undefined && v.length > f.maxLength) return message("tooLong", f.name, lang);
    if (f.type === "enum" && !f.options?.includes(v)) return message("option", f.name, lang);
    if (f.type === "email" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v)) return message("email", f.name, lang);
    return undefined;
  }
  switch (f.type) {
    case "boolean":
      return typeof v === "boolean" ? undefined : message("type", f.name, lang);
    case "date":
      return typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? undefined : message("type", f.name, lang);
    case "datetime":
      return typeof v === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) ? undefined : message("type", f.name, lang);
    case "time":
      return typeof v === "string" && /^\d{2}:\d{2}$/.test(v) ? undefined : message("type", f.name, lang);
    case "geo":
      return Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === "number") ? undefined : message("type", f.name, lang);
    case "ref": {
      if (typeof v !== "number" || !Number.isInteger(v)) return message("type", f.name, lang);
      const target = f.ref!;
      const rows = db.rows(target);
      // Refs to tables the test did not seed are accepted: the mock is not a referential store.
      if (rows.length && !rows.some((r) => r.id === v)) return message("missingRef", f.name, lang);
      return undefined;
    }
    default:
      return undefined;
  }
}

export interface Validated {
  values: Row;
  errors: Record<string, string>;
}

/** Validates a body for add (`partial` false) or update (only the fields sent). */
export function validateBody(r: ResolvedResource, body: Row, db: MockDb, lang: Lang, partial: boolean): Validated {
  const values: Row = {};
  const errors: Record<string, string> = {};
  for (const f of writable(r)) {
    const present = Object.prototype.hasOwnProperty.call(body, f.name);
    const v = body[f.name];
    const empty = v === undefined || v === null || v === "";
    if (empty) {
      if (!present && !partial && f.default !== undefined) values[f.name] = f.default;
      else if (f.required && (!partial || present)) errors[f.name] = message("required", f.name, lang);
      else if (present) values[f.name] = null;
      continue;
    }
    const err = checkValue(f, v, db, lang);
    if (err) errors[f.name] = err;
    else values[f.name] = v;
  }
  return { values, errors };
}

/** Unique clashes within the company (or the platform) → field → message. */
export function uniqueClashes(r: ResolvedResource, values: Row, db: MockDb, lang: Lang, selfId?: number): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of r.fields.filter((x) => x.unique)) {
    const v = values[f.name];
    if (v === undefined || v === null || v === "") continue;
    const clash = db
      .rows(r.name)
      .some((row) => row.id !== selfId && String(row[f.name]).toLowerCase() === String(v).toLowerCase() && (r.scope !== "company" || row.company_id === db.companyId));
    if (clash) errors[f.name] = message("unique", f.name, lang);
  }
  return errors;
}
