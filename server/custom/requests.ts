// request-material and req-tools (docs/api.md "Material and tool requests"):
// - the flows' actions PUT R/approve/{id}, reject/{id}, send/{id}, receive/{id} (and return/{id}
//   for tools), as every flow's (server/records/flow-action.ts: 404, 409 step_out_of_order, 400),
//   with the amount recomputed at each; a receipt adds to quantity_received and leaves the request
//   partially received while short of its quantity. Sending tools takes them from the yard:
//   more than it has on hand answers 409 not_enough_stock (checked with the catalogue's row
//   locked, so two sends at once cannot both take the last one).
// - add and update: `status` is the flow's (a new request is "requested"; only the actions move
//   it: server/records/flow-guard.ts), `amount` is recomputed from the values after the write
//   (declaration/requests.ts requestWrite; a discount above the gross: 400 discount_over_gross).
// - the catalogues (material-resource, tools-resource): search and list answer each item's stock
//   (on hand, in, out), computed from its requests' steps (declaration/requests.ts stockOf);
//   `stock/{id}` the same per site.
import { sql } from "kysely";
import { RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import { CATALOGUES, REQUEST_FLOWS, requestWrite, stockBySite, stockOf, type Catalogue, type RequestResource } from "../../declaration/requests";
import { eq, inList } from "../db/conditions";
import { ok } from "../http/envelope";
import { badRequest, HttpError, notFound, type FieldErrors } from "../http/errors";
import { runAction } from "../records/flow-action";
import { labelsOf } from "../records/labels";
import { pageOf, type RecordStore, type WireRecord } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import { validateRecord } from "../validation/record";
import { dynamicDb } from "../db/dynamic";

const bodyOf = (raw: unknown): Record<string, unknown> => {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw badRequest({ body: { key: "bad_request" } });
  return raw as Record<string, unknown>;
};

/** The fields' own errors first (as the store answers them), else the amount's. */
function refused(r: ResolvedResource, body: unknown, mode: "create" | "update", amountErrors: FieldErrors) {
  const { errors } = validateRecord(r, body, { mode });
  return badRequest(Object.keys(errors).length ? errors : amountErrors);
}

const catalogueOf = (resource: RequestResource): Catalogue => (Object.keys(CATALOGUES) as Catalogue[]).find((c) => CATALOGUES[c].requests === resource)!;

/**
 * A tool request being sent: its quantity must be on hand in the yard. The catalogue's row is
 * written first (a no-op update): the transaction holds it (PostgreSQL: the row's lock; SQLite:
 * the write lock) until the send is stored, so a concurrent send counts this one.
 */
async function requireOnHand(store: RecordStore, resource: RequestResource, request: WireRecord): Promise<void> {
  const catalogue = catalogueOf(resource);
  const c = CATALOGUES[catalogue];
  if (!c.fleet) return;
  const cat = RESOURCE_BY_NAME.get(catalogue)!;
  const itemId = Number(request[c.item]);
  await dynamicDb(store.db)
    .updateTable(cat.table!)
    .set({ updated_at: sql.ref("updated_at") })
    .where("id", "=", itemId)
    .where("company_id", "=", store.actor.companyId)
    .execute();
  const item = await dynamicDb(store.db).selectFrom(cat.table!).selectAll().where("id", "=", itemId).executeTakeFirst();
  if (!item) return;
  const requests = await dynamicDb(store.db)
    .selectFrom(RESOURCE_BY_NAME.get(resource)!.table!)
    .select(["status", "quantity", "quantity_received"])
    .where(c.item, "=", itemId)
    .execute();
  const onHand = stockOf(catalogue, item, requests).stock;
  const wanted = Number(request.quantity) || 0;
  if (wanted > onHand) throw new HttpError(409, "not_enough_stock", { on_hand: onHand, requested: wanted }, undefined, { on_hand: onHand, requested: wanted });
}

for (const resource of Object.keys(REQUEST_FLOWS) as RequestResource[]) {
  const r = RESOURCE_BY_NAME.get(resource)!;
  registerCustom(resource, "add", (ctx) => {
    const body = bodyOf(ctx.body);
    const w = requestWrite(resource, null, body);
    if (!w.ok) throw refused(r, body, "create", w.errors as FieldErrors);
    return ctx.store.create(r, body, { extra: w.values });
  });
  registerCustom(resource, "update/{id}", async (ctx) => {
    const body = bodyOf(ctx.body);
    const conds = ctx.store.matchParams(r, ctx.params);
    const current = await ctx.store.findOne(r, conds);
    if (!current) throw notFound();
    const w = requestWrite(resource, current, body);
    if (!w.ok) throw refused(r, body, "update", w.errors as FieldErrors);
    return ctx.store.update(r, conds, body, { extra: w.values });
  });
  for (const action of Object.keys(REQUEST_FLOWS[resource].actions)) {
    registerCustom(resource, action, (ctx) =>
      runAction(ctx.store, r, action, ctx.params.id, ctx.body, {
        // The amount is the server's, recomputed from the stored quantity and prices.
        extra: (current) => {
          const w = requestWrite(resource, current, {});
          return w.ok ? w.values : {};
        },
        ...(action === "send" ? { before: (store, current) => requireOnHand(store, resource, current) } : {}),
      }),
    );
  }
}

// ---- the catalogues' stock ----------------------------------------------------------------------

/** The records with their stock (one query for the whole page). */
async function withStock(store: RecordStore, catalogue: Catalogue, records: WireRecord[]): Promise<WireRecord[]> {
  if (!records.length) return records;
  const c = CATALOGUES[catalogue];
  const ids = records.map((x) => Number(x.id));
  const requests = await store.rows(RESOURCE_BY_NAME.get(c.requests)!, [inList(c.item, ids)]);
  const of = (id: number) => requests.filter((x) => Number(x[c.item]) === id);
  return records.map((rec) => ({ ...rec, ...stockOf(catalogue, rec, of(Number(rec.id))) }));
}

for (const catalogue of Object.keys(CATALOGUES) as Catalogue[]) {
  const r: ResolvedResource = RESOURCE_BY_NAME.get(catalogue)!;
  const c = CATALOGUES[catalogue];
  registerCustom(catalogue, "search", async (ctx) => {
    const res = await ctx.store.search(r, ctx.body);
    return pageOf(res, await withStock(ctx.store, catalogue, res.data));
  });
  registerCustom(catalogue, "list", async (ctx) => {
    const res = await ctx.store.list(r, ctx.query);
    return ok(await withStock(ctx.store, catalogue, res.data), res.message ? { message: res.message } : {});
  });
  registerCustom(catalogue, "stock", async (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    const item = await ctx.store.findOne(r, [eq("id", id)]);
    if (!item) throw notFound();
    const requests = await ctx.store.rows(RESOURCE_BY_NAME.get(c.requests)!, [eq(c.item, id)]);
    const sites = stockBySite(catalogue, item, requests);
    // Each site's project named as the lists name it (project_id_label).
    const projectField = RESOURCE_BY_NAME.get(c.requests)!.fields.find((f) => f.name === "project_id")!;
    const names = await labelsOf(
      ctx.db,
      ctx.actor,
      projectField,
      sites.flatMap((x) => (x.project_id === null ? [] : [x.project_id])),
    );
    return sites.map((x) => ({ ...x, project_id_label: x.project_id === null ? null : (names.get(x.project_id) ?? null) }));
  });
}
