// request-material and req-tools steps (docs/api.md "Material and tool requests"): PUT
// R/approve/{id}, reject/{id}, send/{id}, receive/{id} (and return/{id} for tools), one action a
// step as declared in REQUEST_FLOWS (declaration/resources/materials.ts). The request must be in
// the actor's tenancy (else 404); a step that does not follow its status answers 409
// step_out_of_order; the step's missing or wrong fields 400 (declaration/requests.ts checkStep,
// then the fields' own checks). The step sets the new status and its own fields only, and the
// server recomputes `amount` (quantity × unit price − discount, IDR: whole rupiah).
// The write goes through the store's update (audited when the resource is).
//
// add and update: `status` is server-owned (a new request is "requested"; a status sent is
// ignored, only the steps move it) and `amount` is recomputed from the values after the write
// (declaration/requests.ts requestWrite; a discount above the gross: 400 discount_over_gross).
//
// The catalogues (material-resource, tools-resource): search and list answer each item's
// stock_in and stock_out, computed from the requests and assignments naming it (stockOf).
import { eq, inList } from "../db/conditions";
import { RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import { checkStep, REQUEST_FLOWS, requestWrite, stockOf, type RequestAction, type RequestResource } from "../../declaration/requests";
import { ok } from "../http/envelope";
import { pageOf, type RecordStore, type WireRecord } from "../records/store";
import { badRequest, HttpError, notFound, type FieldErrors } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";
import { validateRecord } from "../validation/record";

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
  for (const action of Object.keys(REQUEST_FLOWS[resource].steps) as RequestAction[]) {
    registerCustom(resource, action, async (ctx) => {
      const id = Number(ctx.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw notFound();
      const body = bodyOf(ctx.body);
      // Within the actor's tenancy and row scope, else 404 as another company's.
      const current = await ctx.store.findOne(r, [eq("id", id)]);
      if (!current) throw notFound();
      const check = checkStep(resource, current, action, body);
      if (!check.ok && "conflict" in check) throw new HttpError(409, check.conflict.key, check.conflict.params, undefined, { status: current.status });
      if (!check.ok) throw badRequest(check.errors as FieldErrors);
      // The status is server-owned: set as a server value, with the amount recomputed.
      const w = requestWrite(resource, current, {});
      const extra: Record<string, unknown> = { ...(w.ok ? w.values : {}), status: check.status };
      // Guarded by the status it was read with: a concurrent step answers 409, not a second write.
      try {
        return await ctx.store.update(r, [eq("id", id), eq("status", current.status as string)], check.values, { extra });
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404) {
          const now = await ctx.store.findOne(r, [eq("id", id)]);
          if (now) throw new HttpError(409, "step_out_of_order", { action, status: String(now.status) }, undefined, { status: now.status });
        }
        throw e;
      }
    });
  }
}

// ---- the catalogues' stock in and out ----------------------------------------------------------

const CATALOGUES = {
  "material-resource": { requests: "request-material", ref: "material_resource_id", assigned: "assign-material" },
  "tools-resource": { requests: "req-tools", ref: "tools_resource_id", assigned: null },
} as const;

/** The records with their stock_in and stock_out (one query per table for the whole page). */
async function withStock(store: RecordStore, catalogue: keyof typeof CATALOGUES, records: WireRecord[]): Promise<WireRecord[]> {
  if (!records.length) return records;
  const c = CATALOGUES[catalogue];
  const ids = records.map((x) => Number(x.id));
  const requests = await store.rows(RESOURCE_BY_NAME.get(c.requests)!, [inList(c.ref, ids)]);
  const assigned = c.assigned ? await store.rows(RESOURCE_BY_NAME.get(c.assigned)!, [inList(c.ref, ids)]) : [];
  const of = (rows: Array<Record<string, unknown>>, id: number) => rows.filter((x) => Number(x[c.ref]) === id);
  return records.map((rec) => ({ ...rec, ...stockOf(catalogue, { requests: of(requests, Number(rec.id)), assigned: of(assigned, Number(rec.id)) }) }));
}

for (const catalogue of Object.keys(CATALOGUES) as Array<keyof typeof CATALOGUES>) {
  const r: ResolvedResource = RESOURCE_BY_NAME.get(catalogue)!;
  registerCustom(catalogue, "search", async (ctx) => {
    const res = await ctx.store.search(r, ctx.body);
    return pageOf(res, await withStock(ctx.store, catalogue, res.data));
  });
  registerCustom(catalogue, "list", async (ctx) => {
    const res = await ctx.store.list(r, ctx.query);
    return ok(await withStock(ctx.store, catalogue, res.data), res.message ? { message: res.message } : {});
  });
}
