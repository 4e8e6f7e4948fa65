// request-material and req-tools steps as server/custom/requests.ts answers them (docs/api.md
// "Material and tool requests"): PUT R/{approve,reject,send,receive,return}/{id}. The right the
// step needs first (403), then the row in the actor's company and row scope (404), the order (409
// step_out_of_order), the step's fields (400), and the amount recomputed.
import type { ResolvedResource } from "../../declaration";
import { checkStep, REQUEST_FLOWS, requestWrite, stockOf, type RequestAction, type RequestResource } from "../../declaration/requests";
import { badRequest, HttpError, notFound, type FieldErrors } from "../../server/http/errors";
import type { MockDb, Row } from "./db";
import { visibleRows, type RowActor, type RowScopes } from "./rowScope";
import { validateBody } from "./validate";

export const isRequestStep = (resource: string, op: string): boolean => resource in REQUEST_FLOWS && op in REQUEST_FLOWS[resource as RequestResource].steps;

/** The right a step needs on the resource's menu. */
export const stepRight = (resource: string, op: string): "create" | "update" => REQUEST_FLOWS[resource as RequestResource].steps[op as RequestAction]!.right;

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
  const valid = validateBody(r, check.values, db, { mode: "update" });
  // The status is server-owned: set as the server sets it, with the amount recomputed.
  const w = requestWrite(resource as RequestResource, row, {});
  return Object.assign(row, valid, w.ok ? w.values : {}, { status: check.status });
}

/**
 * add and update of a request (server/custom/requests.ts): the server's status on add, the amount
 * from the values after the write; a discount above the gross 400. Null for other resources.
 */
export function mockRequestWrite(r: ResolvedResource, current: Row | null, body: unknown): Row | null {
  if (!(r.name in REQUEST_FLOWS)) return null;
  const sent = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {};
  const w = requestWrite(r.name as RequestResource, current, sent);
  if (!w.ok) throw badRequest(w.errors as FieldErrors);
  return w.values;
}

const CATALOGUES: Record<string, { requests: string; ref: string; assigned: string | null }> = {
  "material-resource": { requests: "request-material", ref: "material_resource_id", assigned: "assign-material" },
  "tools-resource": { requests: "req-tools", ref: "tools_resource_id", assigned: null },
};

/** A catalogue item's stock_in and stock_out as the server computes them on read; null for other resources. */
export function mockStock(db: MockDb, r: ResolvedResource, row: Row): Row | null {
  const c = CATALOGUES[r.name];
  if (!c) return null;
  const naming = (resource: string) => db.rows(resource).filter((x) => x[c.ref] === row.id);
  return { ...stockOf(r.name as "material-resource" | "tools-resource", { requests: naming(c.requests), assigned: c.assigned ? naming(c.assigned) : [] }) };
}
