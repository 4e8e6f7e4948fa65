// Checks one wire value against its declared field and returns the normalized value or a
// message. Pure: no database (refs and unique values are checked in server/records/checks.ts).
// `loose` accepts strings for numbers and booleans (query strings, multipart form fields).
import { canonicalTimeZone, type ResolvedField } from "../../declaration";
import { LIMITS, tooDeepPath } from "../http/limits";
import { checkWorkArea } from "../../declaration/work-area";
import { outboundProblem } from "../http/outbound-address";
import type { Msg } from "../i18n/messages";

export type Checked = { ok: true; value: unknown } | { ok: false; error: Msg };

const pass = (value: unknown): Checked => ({ ok: true, value });
const fail = (key: Msg["key"], params?: Msg["params"]): Checked => ({ ok: false, error: { key, params } });

const INT32 = 2 ** 31 - 1;
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;
const PHONE = /^\+?[0-9 ()\-./]{3,32}$/;
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

export const MIN_PASSWORD = 8;

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

function num(v: unknown, loose: boolean): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (loose && typeof v === "string" && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

function bounds(f: ResolvedField, n: number): Checked | null {
  const min = f.min ?? (f.type === "percent" ? 0 : undefined);
  const max = f.max ?? (f.type === "percent" ? 100 : undefined);
  if (min !== undefined && n < min) return fail("too_small", { min });
  if (max !== undefined && n > max) return fail("too_big", { max });
  return null;
}

function str(f: ResolvedField, v: unknown, loose: boolean): Checked {
  if (typeof v !== "string" && !(loose && typeof v === "number")) return fail("not_string");
  const s = f.type === "text" || f.type === "password" ? String(v) : String(v).trim();
  if (BAD_CHARS.test(s)) return fail("bad_text");
  if (f.maxLength !== undefined && s.length > f.maxLength) return fail("too_long", { max: f.maxLength });
  return pass(s);
}

/** A `json` field's value within LIMITS' depth (checked first: encoding recurses) and size. */
function checkJson(v: unknown): Checked {
  if (tooDeepPath(v, LIMITS.jsonFieldDepth) !== null) return fail("too_deep", { max: LIMITS.jsonFieldDepth });
  const text = JSON.stringify(v);
  if (text === undefined) return fail("bad_json");
  return text.length > LIMITS.jsonFieldChars ? fail("json_too_large", { max: LIMITS.jsonFieldChars }) : pass(v);
}

/** Checks a present, non-empty value. Empty values ("" / null) are handled by the caller. */
export function checkValue(f: ResolvedField, v: unknown, loose = false): Checked {
  switch (f.type) {
    case "integer":
    case "ref": {
      const n = num(v, loose);
      if (n === undefined || !Number.isInteger(n) || Math.abs(n) > INT32) return fail(f.type === "ref" ? "bad_ref" : "not_integer");
      if (f.type === "ref" && n < 1) return fail("bad_ref");
      return bounds(f, n) ?? pass(n);
    }
    case "number":
    case "money":
    case "percent": {
      const n = num(v, loose);
      if (n === undefined) return fail("not_number");
      return bounds(f, n) ?? pass(n);
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
        try {
          g = JSON.parse(v.trim().startsWith("[") ? v : `[${v}]`);
        } catch {
          return fail("bad_geo");
        }
      }
      if (!Array.isArray(g) || g.length !== 2 || !g.every((x) => typeof x === "number" && Number.isFinite(x))) return fail("bad_geo");
      const [lon, lat] = g as number[];
      return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? pass([lon, lat]) : fail("bad_geo");
    }
    case "json": {
      let j = v;
      if (loose && typeof v === "string") {
        try {
          j = JSON.parse(v);
        } catch {
          return fail("bad_json");
        }
      }
      if (f.geometry === "polygon") {
        const c = checkWorkArea(j);
        return c.ok ? pass(c.value) : fail(c.key, c.params);
      }
      return checkJson(j);
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
          return EMAIL.test(s) ? pass(s.toLowerCase()) : fail("bad_email");
        case "url": {
          if (!/^https?:\/\/\S+$/i.test(s) || !URL.canParse(s)) return fail("bad_url");
          const problem = f.outbound ? outboundProblem(s) : null;
          return problem ? fail(problem) : c;
        }
        case "phone":
          return PHONE.test(s) && (s.match(/\d/g)?.length ?? 0) >= 3 ? c : fail("bad_phone");
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

/** Empty input: "" and null mean "no value"; undefined means "not given". */
export const isEmpty = (v: unknown): boolean => v === null || (typeof v === "string" && v.trim() === "");
