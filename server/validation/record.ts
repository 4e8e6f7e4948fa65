// Validates a request body against a resource: unknown, implicit (id, company_id, timestamps)
// and server-owned fields are dropped; types, bounds, formats, options and `required` are
// checked (required on create; on update only for fields present). Defaults fill missing
// fields on create. The answer holds normalized wire values, ready for the codec.
import type { ResolvedField, ResolvedResource } from "../../declaration";
import type { FieldErrors } from "../http/errors";
import { checkValue, isEmpty } from "./fields";

export interface ValidateOptions {
  mode: "create" | "update";
  /** Strings for numbers/booleans/JSON allowed (multipart form fields). */
  loose?: boolean;
  /** Prefix of error keys, e.g. "items.2." for add-multiple. */
  prefix?: string;
}

export interface Validated {
  values: Record<string, unknown>;
  errors: FieldErrors;
}

/** Fields a client may write. */
export const writableFields = (r: ResolvedResource): ResolvedField[] => r.fields.filter((f) => !f.implicit && !f.serverOwned);

export function validateRecord(r: ResolvedResource, body: unknown, o: ValidateOptions): Validated {
  return validateFields(writableFields(r), body, o);
}

/** Validates a body against a list of fields (a resource's writable ones, or a custom operation's declared input). */
export function validateFields(fields: readonly ResolvedField[], body: unknown, o: ValidateOptions): Validated {
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  const prefix = o.prefix ?? "";
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!input) {
    errors[prefix ? prefix.slice(0, -1) : "body"] = { key: "bad_request" };
    return { values, errors };
  }
  for (const f of fields) {
    const given = Object.prototype.hasOwnProperty.call(input, f.name) && input[f.name] !== undefined;
    let v = given ? input[f.name] : undefined;
    if (f.type === "password") {
      // An empty password on update keeps the old one; never a default.
      if (!given || isEmpty(v)) {
        if (o.mode === "create" && f.required) errors[prefix + f.name] = { key: "required" };
        continue;
      }
    } else if (!given && o.mode === "create" && f.default !== undefined) {
      v = f.default;
    }
    if (v === undefined) {
      if (o.mode === "create" && f.required) errors[prefix + f.name] = { key: "required" };
      continue;
    }
    if (isEmpty(v)) {
      if (f.required) errors[prefix + f.name] = { key: "required" };
      else values[f.name] = null;
      continue;
    }
    const c = checkValue(f, v, o.loose);
    if (c.ok) values[f.name] = c.value;
    else errors[prefix + f.name] = c.error;
  }
  return { values, errors };
}

/**
 * Date order across fields (FieldDecl.notBefore: a permit's end_date not before its absent_date),
 * on the record as it will be: `values` over `current` (update) or alone (add).
 */
export function dateOrderErrors(
  r: ResolvedResource,
  values: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>> | null = null,
  prefix = "",
): FieldErrors {
  const errors: FieldErrors = {};
  const valueOf = (name: string): unknown => (name in values ? values[name] : current?.[name]);
  for (const f of r.fields) {
    if (!f.notBefore || !(f.name in values || f.notBefore in values)) continue;
    const v = valueOf(f.name);
    const earliest = valueOf(f.notBefore);
    if (typeof v === "string" && v && typeof earliest === "string" && earliest && v < earliest) errors[prefix + f.name] = { key: "date_before", params: { date: earliest } };
  }
  return errors;
}
