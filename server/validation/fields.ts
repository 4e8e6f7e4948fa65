// Checks one wire value against its declared field and returns the normalized value or a
// message: the shared rule (declaration/field-values.ts, the one the web app's forms apply) and,
// for `json` fields, the server's size limits. Pure: no database (refs and unique values are
// checked in server/records/checks.ts). `loose` accepts strings for numbers and booleans (query
// strings, multipart form fields).
import { checkFieldValue, type CheckedField } from "../../declaration/field-values";
import { LIMITS, tooDeepPath } from "../http/limits";
import { outboundProblem } from "../http/outbound-address";
import type { Msg } from "../i18n/messages";

export { isEmpty, isValidDate, isValidDatetime, MIN_PASSWORD } from "../../declaration/field-values";

export type Checked = { ok: true; value: unknown } | { ok: false; error: Msg };

const fail = (key: Msg["key"], params?: Msg["params"]): Checked => ({ ok: false, error: { key, ...(params ? { params } : {}) } });

/** A `json` field's value within LIMITS' depth (checked first: encoding recurses) and size. */
function jsonWithinLimits(v: unknown): Checked {
  if (tooDeepPath(v, LIMITS.jsonFieldDepth) !== null) return fail("too_deep", { max: LIMITS.jsonFieldDepth });
  const text = JSON.stringify(v);
  if (text === undefined) return fail("bad_json");
  return text.length > LIMITS.jsonFieldChars ? fail("json_too_large", { max: LIMITS.jsonFieldChars }) : { ok: true, value: v };
}

/** Checks a present, non-empty value. Empty values ("" / null) are handled by the caller. */
export function checkValue(f: CheckedField & { outbound?: boolean }, v: unknown, loose = false): Checked {
  // Depth first: a value thousands of levels deep is refused before anything walks it.
  if (f.type === "json" && !f.geometry && !(loose && typeof v === "string") && tooDeepPath(v, LIMITS.jsonFieldDepth) !== null)
    return fail("too_deep", { max: LIMITS.jsonFieldDepth });
  const c = checkFieldValue(f, v, loose);
  if (!c.ok) return fail(c.key, c.params);
  // An address the server itself will call (a webhook): never an internal host (server-only: the
  // allow-list is the server's setting).
  if (f.type === "url" && f.outbound) {
    const problem = outboundProblem(String(c.value));
    if (problem) return fail(problem);
  }
  return f.type === "json" && !f.geometry ? jsonWithinLimits(c.value) : { ok: true, value: c.value };
}
