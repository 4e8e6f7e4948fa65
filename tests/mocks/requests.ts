// request-material and req-tools steps as server/custom/requests.ts answers them (docs/api.md
// "Material and tool requests"): PUT R/{approve,reject,send,receive,return}/{id}. The right the
// step needs first (403), then the row in the actor's company and row scope (404), the order (409
// step_out_of_order), the step's fields (400), and the amount recomputed.
import type { ResolvedResource } from "../../declaration";
import { checkStep, REQUEST_FLOWS, requestAmount, type RequestAction, type RequestResource } from "../../declaration/requests";
import { badRequest, HttpError, notFound, type FieldErrors } from "../../server/http/errors";
import type { MockDb, Row } from "./db";
import { visibleRows, type RowActor, type RowScopes } from "./rowScope";
import { validateBody } from "./validate";

export const isRequestStep = (resource: string, op: string): boolean => resource in REQUEST_FLOWS && op in REQUEST_FLOWS[resource as RequestResource].steps;

/** The right a step needs on the resource's menu. */
export const stepRight = (resource: string, op: string): "add" | "edit" => REQUEST_FLOWS[resource as RequestResource].steps[op as RequestAction]!.right;

export function mockRequestStep(db: MockDb, actor: RowActor, r: ResolvedResource, action: string, id: string, body: unknown, allowed: boolean, scopes: RowScopes = {}): Row {
  if (!allowed) throw new HttpError(403, "forbidden");
  const resource = r.name;
  const mine = db.rows(resource).filter((x) => x.company_id === undefined || x.company_id === db.companyId);
  const row = visibleRows(r, mine, db, actor, scopes).find((x) => String(x.id) === id);
  if (!row) throw notFound();
  const values = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {};
  const check = checkStep(resource as RequestResource, row, action as RequestAction, values);
  if (!check.ok && "conflict" in check) throw new HttpError(409, check.conflict.key, check.conflict.params, undefined, { status: row.status });
  if (!check.ok) throw badRequest(check.errors as FieldErrors);
  const valid = validateBody(r, { ...check.values, status: check.status }, db, { mode: "update" });
  const extra: Row = {};
  if (r.fields.some((f) => f.name === "amount") && row.unit_price !== null && row.unit_price !== undefined) {
    const a = requestAmount({ quantity: Number(row.quantity), unitPrice: Number(row.unit_price) });
    if (a.ok) extra.amount = a.amount;
  }
  return Object.assign(row, valid, extra);
}
