// Whether a value is valid for a declared field, the one rule both sides apply: the server to
// every body (server/validation/fields.ts adds the JSON size limits), the generated forms as they
// are filled in (src/crud/fields/rules.ts maps the error key to its i18n text). Pure: no server
// or browser imports. The OpenAPI document (server/openapi/) states the same facts as JSON Schema.
import isEmail from "validator/lib/isEmail";
import { canonicalTimeZone } from "./time-zones";
import type { FieldDecl } from "./types";
import { checkWorkArea } from "./work-area";

/** The keys of a refused value (server/i18n/messages.ts and the web app's `crud.validation.*` hold their texts). */
export type FieldErrorKey =
  | "required"
  | "not_string"
  | "not_integer"
  | "not_number"
  | "not_boolean"
  | "bad_date"
  | "bad_datetime"
  | "bad_time"
  | "bad_enum"
  | "bad_ref"
  | "bad_geo"
  | "bad_json"
  | "bad_work_area"
  | "work_area_too_large"
  | "bad_text"
  | "too_long"
  | "too_small"
  | "too_big"
  | "password_too_short"
  | "bad_email"
  | "bad_url"
  | "bad_phone"
  | "bad_color"
  | "bad_icon"
  | "bad_file_name"
  | "bad_timezone";

export type FieldErrorParams = Record<string, string | number>;

export type FieldCheck = { ok: true; value: unknown } | { ok: false; key: FieldErrorKey; params?: FieldErrorParams };

/** What of a field the check reads (a resolved field, or a declared one with its maxLength). */
export type CheckedField = Pick<FieldDecl, "type" | "options" | "min" | "max" | "maxLength" | "geometry"> & { name?: string };

const pass = (value: unknown): FieldCheck => ({ ok: true, value });
const fail = (key: FieldErrorKey, params?: FieldErrorParams): FieldCheck => ({ ok: false, key, ...(params ? { params } : {}) });

/** Largest integer (and ref) value: a 32-bit signed column. */
export const INT32_MAX = 2 ** 31 - 1;
export const MIN_PASSWORD = 8;
/** A phone number's digits: 7 (a short local number) to 15 (E.164's most). */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;
/** Digits, spaces, "-", parentheses and one leading "+"; the lookahead counts the digits. */
const PHONE = new RegExp(`^(?=(?:\\D*\\d){${PHONE_DIGITS.min},${PHONE_DIGITS.max}}\\D*$)\\+?[0-9 ()-]+$`);

/**
 * Email: validator's isEmail with its defaults (a dot-separated local part of at most 64
 * characters, no empty label; a domain of DNS labels with a top-level domain of 2+ letters, no IP
 * literal such as `a@[1.2.3.4]`; 254 characters in all), and no quoted local part (`"a b"@x.com`).
 */
export const isEmailAddress = (s: string): boolean => isEmail(s, { blacklisted_chars: '"' });

/**
 * Phone: digits, spaces, "-", parentheses and one leading "+", with 7 to 15 digits
 * (E.164-ish: "+62 812-3456-7890", "(021) 555 0101", "081234567").
 */
export const isPhoneNumber = (s: string): boolean => PHONE.test(s);

/** A web address: http or https, no spaces, one the URL parser reads. */
export const isWebAddress = (s: string): boolean => /^https?:\/\/\S+$/i.test(s) && URL.canParse(s);

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const ICON = /^[A-Za-z][A-Za-z0-9]*$/;
/** Stored file names are made by the server: plain segments, never "..", never absolute. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;
/** PostgreSQL rejects NUL in text; other control characters but tab/newline have no place either. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BAD_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Patterns of the string formats, for the OpenAPI document's `pattern` (the same facts). */
export const FORMAT_PATTERNS = {
  phone: PHONE.source,
  color: COLOR.source,
  icon: ICON.source,
  time: TIME.source,
  file: FILE_NAME.source,
} as const;

export function isValidDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

export function isValidDatetime(s: string): boolean {
  if (!DATETIME.test(s) || !isValidDate(s.slice(0, 10))) return false;
  const ms = Date.parse(s);
  if (!Number.isFinite(ms)) return false;
  const y = new Date(ms).getUTCFullYear();
  return y >= 1000 && y <= 9999; // keeps stored ISO text 24 characters, so it sorts
}

/** A number's bounds: the declared min/max; percent 0..100 unless declared. */
export function boundsOf(f: CheckedField): { min?: number; max?: number } {
  const min = f.min ?? (f.type === "percent" ? 0 : undefined);
  const max = f.max ?? (f.type === "percent" ? 100 : undefined);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

function num(v: unknown, loose: boolean): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (loose && typeof v === "string" && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

function bounded(f: CheckedField, n: number): FieldCheck {
  const { min, max } = boundsOf(f);
  if (min !== undefined && n < min) return fail("too_small", { min });
  if (max !== undefined && n > max) return fail("too_big", { max });
  return pass(n);
}

function str(f: CheckedField, v: unknown, loose: boolean): FieldCheck {
  if (typeof v !== "string" && !(loose && typeof v === "number")) return fail("not_string");
  const s = f.type === "text" || f.type === "password" ? String(v) : String(v).trim();
  if (BAD_CHARS.test(s)) return fail("bad_text");
  if (f.maxLength !== undefined && s.length > f.maxLength) return fail("too_long", { max: f.maxLength });
  return pass(s);
}

function parsedJson(v: unknown, loose: boolean): { ok: true; value: unknown } | { ok: false } {
  if (!(loose && typeof v === "string")) return { ok: true, value: v };
  try {
    return { ok: true, value: JSON.parse(v) };
  } catch {
    return { ok: false };
  }
}

/** Empty input: "" (or only spaces) and null mean "no value"; undefined means "not given". */
export const isEmpty = (v: unknown): boolean => v === null || (typeof v === "string" && v.trim() === "");

/**
 * Checks a present, non-empty value (empty values and `required` are the caller's: see
 * isEmpty) and answers the normalized wire value (trimmed, lower-cased email, canonical time
 * zone, "HH:mm") or the error key. `loose` accepts strings for numbers, booleans, geo and JSON
 * (query strings, multipart fields, a form's JSON text).
 */
export function checkFieldValue(f: CheckedField, v: unknown, loose = false): FieldCheck {
  switch (f.type) {
    case "integer":
    case "ref": {
      const n = num(v, loose);
      if (n === undefined || !Number.isInteger(n) || Math.abs(n) > INT32_MAX) return fail(f.type === "ref" ? "bad_ref" : "not_integer");
      if (f.type === "ref" && n < 1) return fail("bad_ref");
      return bounded(f, n);
    }
    case "number":
    case "money":
    case "percent": {
      const n = num(v, loose);
      return n === undefined ? fail("not_number") : bounded(f, n);
    }
    case "boolean":
      if (typeof v === "boolean") return pass(v);
      if (loose && (v === "true" || v === "1" || v === 1)) return pass(true);
      if (loose && (v === "false" || v === "0" || v === 0)) return pass(false);
      return fail("not_boolean");
    case "date":
      return typeof v === "string" && isValidDate(v) ? pass(v) : fail("bad_date");
    case "datetime":
      return typeof v === "string" && isValidDatetime(v) ? pass(v) : fail("bad_datetime");
    case "time": {
      const m = typeof v === "string" ? TIME.exec(v) : null;
      return m ? pass(`${m[1]}:${m[2]}`) : fail("bad_time");
    }
    case "enum":
      return typeof v === "string" && (f.options ?? []).includes(v) ? pass(v) : fail("bad_enum", { options: (f.options ?? []).join(", ") });
    case "geo": {
      let g = v;
      if (loose && typeof v === "string") {
        const p = parsedJson(v.trim().startsWith("[") ? v : `[${v}]`, true);
        if (!p.ok) return fail("bad_geo");
        g = p.value;
      }
      if (!Array.isArray(g) || g.length !== 2 || !g.every((x) => typeof x === "number" && Number.isFinite(x))) return fail("bad_geo");
      const [lon, lat] = g as number[];
      return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? pass([lon, lat]) : fail("bad_geo");
    }
    case "json": {
      const p = parsedJson(v, loose);
      if (!p.ok) return fail("bad_json");
      if (f.geometry === "polygon") {
        const c = checkWorkArea(p.value);
        return c.ok ? pass(c.value) : fail(c.key, c.params);
      }
      return pass(p.value);
    }
    case "password": {
      const c = str(f, v, false);
      if (!c.ok) return c;
      return (c.value as string).length < MIN_PASSWORD ? fail("password_too_short", { min: MIN_PASSWORD }) : c;
    }
    default: {
      const c = str(f, v, loose);
      if (!c.ok) return c;
      const s = c.value as string;
      switch (f.type) {
        case "email":
          return isEmailAddress(s) ? pass(s.toLowerCase()) : fail("bad_email");
        case "url":
          return isWebAddress(s) ? c : fail("bad_url");
        case "phone":
          return isPhoneNumber(s) ? c : fail("bad_phone");
        case "color":
          return COLOR.test(s) ? c : fail("bad_color");
        case "icon":
          return ICON.test(s) ? c : fail("bad_icon");
        case "image":
        case "file":
          return FILE_NAME.test(s) && !s.split("/").includes("..") ? c : fail("bad_file_name");
        case "timezone": {
          const zone = canonicalTimeZone(s);
          return zone ? pass(zone) : fail("bad_timezone");
        }
        default:
          return c;
      }
    }
  }
}
