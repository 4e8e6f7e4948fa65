// The form's values → the request body, and the declaration's defaults → a new record.
import type { ResolvedField, ResolvedResource } from "../../declaration";

type Values = Record<string, unknown>;

/** Defaults of a create form (wire values). */
export function defaultsOf(fields: readonly ResolvedField[]): Values {
  return Object.fromEntries(fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
}

/**
 * A new record of a resource whose rows are their person's (rowVisibility) starts as the
 * signed-in user's: a worker may only file their own (docs/api.md "Access rules"), others change it.
 */
export function ownRowDefaults(r: Pick<ResolvedResource, "rowVisibility">, fields: readonly ResolvedField[], userId: number | null | undefined): Values {
  const person = r.rowVisibility?.person;
  return person && userId != null && fields.some((f) => f.name === person) ? { [person]: userId } : {};
}

/**
 * The body to send: JSON text parsed, empty text as null, an empty password left out (on edit
 * the current one stays), nothing of the fields the form does not hold.
 */
export function toWire(fields: readonly ResolvedField[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    if (!(f.name in values)) continue;
    let v = values[f.name];
    if (typeof v === "string" && v.trim() === "" && f.type !== "password") v = null;
    // An empty password is never sent: on edit the current one stays.
    if (f.type === "password" && (v === undefined || v === null || v === "")) continue;
    if (f.type === "json" && typeof v === "string") v = JSON.parse(v);
    if (v === undefined) continue;
    out[f.name] = v;
  }
  return out;
}
