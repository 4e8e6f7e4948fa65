// Body validation of the contract mock with the server's own code: server/validation/record.ts
// checks and normalizes the body, then refs (400 bad_ref) and unique values (409 not_unique)
// are checked against the mock's rows with the conditions server/records/checks.ts builds.
// Failures are the server's HttpErrors, answered by the server's error envelope (handlers.ts).
import { RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import { holdsAll } from "../../server/db/conditions-in-memory";
import { eq, ne, type Cond } from "../../server/db/conditions";
import { decodeValue, encodeValue } from "../../server/db/codec";
import { badRequest, conflict, type FieldErrors } from "../../server/http/errors";
import { validateRecord } from "../../server/validation/record";
import type { MockDb, Row } from "./db";
import { storedOf } from "../../server/records/computed-search";

export { writableFields as writable } from "../../server/validation/record";

export interface ValidateOptions {
  mode: "create" | "update";
  /** Error key prefix ("items.2."). */
  prefix?: string;
  /** Multipart fields: strings for numbers and booleans. */
  loose?: boolean;
  /** The record being updated (its own unique values are no clash). */
  selfId?: number;
}

/** The rows of a resource the mock's company may see (company-scope resources). */
const visible = (r: ResolvedResource, db: MockDb): Row[] =>
  r.scope === "company" ? db.rows(r.name).filter((x) => x.company_id === undefined || x.company_id === db.companyId) : db.rows(r.name);

function refErrors(r: ResolvedResource, values: Row, db: MockDb, prefix: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of r.fields) {
    const v = values[f.name];
    if (f.type !== "ref" || v === null || v === undefined) continue;
    const target = RESOURCE_BY_NAME.get(f.ref ?? "");
    if (!target) continue;
    const rows = visible(target, db);
    // Refs to tables the test did not seed are accepted: the mock is not a referential store.
    if (db.rows(target.name).length && !rows.some((row) => holdsAll([eq("id", v)], storedOf(target, row)))) errors[prefix + f.name] = { key: "bad_ref" };
  }
  return errors;
}

/** Unique within the company for company-scope resources, platform-wide otherwise (as checkUnique). */
export function uniqueErrors(r: ResolvedResource, values: Row, db: MockDb, prefix = "", selfId?: number): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of r.fields) {
    const v = values[f.name];
    if (!f.unique || f.virtual || v === null || v === undefined) continue;
    const conds: Cond[] = [eq(f.name, encodeValue(f, v))];
    if (r.scope === "company") conds.push(eq("company_id", db.companyId));
    if (selfId !== undefined) conds.push(ne("id", selfId));
    if (db.rows(r.name).some((row) => holdsAll(conds, storedOf(r, row)))) errors[prefix + f.name] = { key: "not_unique" };
  }
  return errors;
}

/**
 * Validates an add (`mode: "create"`) or update body: the values to store, in the form the
 * server answers them (stored and read back: datetimes in UTC, emails lowered...). Throws 400
 * with field errors, or 409 on a unique clash.
 */
export function validateBody(r: ResolvedResource, body: unknown, db: MockDb, o: ValidateOptions): Row {
  const prefix = o.prefix ?? "";
  const { values, errors } = validateRecord(r, body, { mode: o.mode, prefix, loose: o.loose });
  if (Object.keys(errors).length) throw badRequest(errors);
  const refs = refErrors(r, values, db, prefix);
  if (Object.keys(refs).length) throw badRequest(refs);
  const clashes = uniqueErrors(r, values, db, prefix, o.selfId);
  if (Object.keys(clashes).length) throw conflict(clashes);
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) {
    const f = r.fields.find((x) => x.name === k);
    out[k] = f && f.type !== "password" && !f.virtual ? decodeValue(f, encodeValue(f, v)) : v;
  }
  return out;
}
