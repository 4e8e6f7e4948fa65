// request-material and req-tools steps (docs/api.md "Material and tool requests"): PUT
// R/approve/{id}, reject/{id}, send/{id}, receive/{id} (and return/{id} for tools), one action a
// step as declared in REQUEST_FLOWS (declaration/resources/materials.ts). The request must be in
// the actor's tenancy (else 404); a step that does not follow its status answers 409
// step_out_of_order; the step's missing or wrong fields 400 (declaration/requests.ts checkStep,
// then the fields' own checks). The step sets the new status and its own fields only, and the
// server recomputes `amount` (quantity × unit price, IDR: whole rupiah) where the resource has it.
// The write goes through the store's update (audited when the resource is).
import { eq } from "../db/conditions";
import { RESOURCE_BY_NAME } from "../../declaration";
import { checkStep, REQUEST_FLOWS, requestAmount, type RequestAction, type RequestResource } from "../../declaration/requests";
import { badRequest, HttpError, notFound, type FieldErrors } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";

const bodyOf = (raw: unknown): Record<string, unknown> => {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw badRequest({ body: { key: "bad_request" } });
  return raw as Record<string, unknown>;
};

for (const resource of Object.keys(REQUEST_FLOWS) as RequestResource[]) {
  const r = RESOURCE_BY_NAME.get(resource)!;
  const hasAmount = r.fields.some((f) => f.name === "amount");
  for (const [action, step] of Object.entries(REQUEST_FLOWS[resource].steps) as Array<
    [RequestAction, NonNullable<(typeof REQUEST_FLOWS)[RequestResource]["steps"][RequestAction]>]
  >) {
    registerCustom(
      resource,
      action,
      async (ctx) => {
        const id = Number(ctx.params.id);
        if (!Number.isSafeInteger(id) || id < 1) throw notFound();
        const body = bodyOf(ctx.body);
        // Within the actor's tenancy and row scope, else 404 as another company's.
        const current = await ctx.store.findOne(r, [eq("id", id)]);
        if (!current) throw notFound();
        const check = checkStep(resource, current, action, body);
        if (!check.ok && "conflict" in check) throw new HttpError(409, check.conflict.key, check.conflict.params, undefined, { status: current.status });
        if (!check.ok) throw badRequest(check.errors as FieldErrors);
        const extra: Record<string, unknown> = {};
        if (hasAmount && current.unit_price !== null && current.unit_price !== undefined) {
          const a = requestAmount({ quantity: Number(current.quantity), unitPrice: Number(current.unit_price) });
          if (a.ok) extra.amount = a.amount;
        }
        // Guarded by the status it was read with: a concurrent step answers 409, not a second write.
        try {
          return await ctx.store.update(r, [eq("id", id), eq("status", current.status as string)], { ...check.values, status: check.status }, { extra });
        } catch (e) {
          if (e instanceof HttpError && e.statusCode === 404) {
            const now = await ctx.store.findOne(r, [eq("id", id)]);
            if (now) throw new HttpError(409, "step_out_of_order", { action, status: String(now.status) }, undefined, { status: now.status });
          }
          throw e;
        }
      },
      { action: step.right === "add" ? "create" : "update" },
    );
  }
}
