// The flows (declaration/flows.ts) as the server answers them, for the web tests: a flow's action
// PUT R/<action>/{id} (server/records/flow-action.ts; a request's amount and a tool's yard stock:
// server/custom/requests.ts), the flow's rule on generic writes (server/records/flow-guard.ts, the
// same module), and a catalogue's stock (declaration/requests.ts). The right an action needs
// is checked before (tests/mocks/access.ts); then the row in the actor's company and row scope (404), the order (409
// step_out_of_order), the action's fields (400).
import type { ResolvedResource } from "../../declaration";
import { checkAction } from "../../declaration/flows";
import { CATALOGUES, isRequestResource, requestWrite, stockBySite, stockOf, type Catalogue } from "../../declaration/requests";
import { badRequest, HttpError, notFound, type FieldErrors } from "../../server/http/errors";
import { dateOrderErrors } from "../../server/validation/record";
import type { MockDb, Row } from "./db";
import { visibleRows, type RowActor, type RowScopes } from "./rowScope";
import { validateBody } from "./validate";

export { guardFlowDelete, guardFlowWrite } from "../../server/records/flow-guard";

/** Whether the operation is one of the resource's flow actions. */
export const isFlowAction = (r: ResolvedResource, op: string): boolean => !!r.flow?.actions[op];

/** The right an action needs on the resource's menu. */
export const actionRight = (r: ResolvedResource, op: string): "create" | "update" => r.flow!.actions[op].right;

const isCatalogue = (name: string): name is Catalogue => Object.prototype.hasOwnProperty.call(CATALOGUES, name);

export function mockFlowAction(db: MockDb, actor: RowActor, r: ResolvedResource, action: string, id: string, body: unknown, scopes: RowScopes = {}): Row {
  const flow = r.flow!;
  const mine = db.rows(r.name).filter((x) => x.company_id === undefined || x.company_id === db.companyId);
  const row = visibleRows(r, mine, db, actor, scopes).find((x) => String(x.id) === id);
  if (!row) throw notFound();
  const values = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {};
  const check = checkAction(flow, row, action, values);
  if (!check.ok && "conflict" in check) throw new HttpError(409, check.conflict.key, check.conflict.params, undefined, { status: row[flow.field] });
  if (!check.ok) throw badRequest(check.errors as FieldErrors);
  const valid = validateBody(r, check.values, db, { mode: "update" });
  const order = dateOrderErrors(r, valid, row);
  if (Object.keys(order).length) throw badRequest(order);
  let extra: Row = {};
  if (isRequestResource(r.name)) {
    const w = requestWrite(r.name, row, {});
    extra = w.ok ? w.values : {};
    // Sending tools takes them from the yard.
    const catalogue = (Object.keys(CATALOGUES) as Catalogue[]).find((c) => CATALOGUES[c].requests === r.name)!;
    const c = CATALOGUES[catalogue];
    if (action === "send" && c.fleet) {
      const item = db.rows(catalogue).find((x) => x.id === row[c.item]) ?? {};
      const onHand = stockOf(
        catalogue,
        item,
        db.rows(r.name).filter((x) => x[c.item] === row[c.item]),
      ).stock;
      const wanted = Number(row.quantity) || 0;
      if (wanted > onHand) throw new HttpError(409, "not_enough_stock", { on_hand: onHand, requested: wanted }, undefined, { on_hand: onHand, requested: wanted });
    }
  }
  return Object.assign(row, valid, extra, { [flow.field]: check.to, updated_at: new Date().toISOString() });
}

/**
 * add and update of a request (server/custom/requests.ts): the server's status on add, the amount
 * from the values after the write; a discount above the gross 400. Null for other resources.
 */
export function mockRequestWrite(r: ResolvedResource, current: Row | null, body: unknown): Row | null {
  if (!isRequestResource(r.name)) return null;
  const sent = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {};
  const w = requestWrite(r.name, current, sent);
  if (!w.ok) throw badRequest(w.errors as FieldErrors);
  return w.values;
}

const requestsOf = (db: MockDb, catalogue: Catalogue, id: unknown) => db.rows(CATALOGUES[catalogue].requests).filter((x) => x[CATALOGUES[catalogue].item] === id);

/** A catalogue item's stock (on hand, in, out) as the server computes it on read; null for other resources. */
export function mockStock(db: MockDb, r: ResolvedResource, row: Row): Row | null {
  if (!isCatalogue(r.name)) return null;
  return { ...stockOf(r.name, row, requestsOf(db, r.name, row.id)) };
}

/** GET catalogue/stock/{id}: the item's stock per site. */
export function mockStockBySite(db: MockDb, r: ResolvedResource, id: string): Row[] {
  if (!isCatalogue(r.name)) throw notFound();
  const item = db.rows(r.name).find((x) => String(x.id) === id && (x.company_id === undefined || x.company_id === db.companyId));
  if (!item) throw notFound();
  return stockBySite(r.name, item, requestsOf(db, r.name, item.id)).map((x) => ({
    ...x,
    project_id_label: x.project_id === null ? null : (db.rows("project").find((p) => p.id === x.project_id)?.name ?? null),
  }));
}
