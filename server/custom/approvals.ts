// project-approval PUT approve/{id} and reject/{id} { note? }: the approver named on a pending
// approval decides it. Anyone else gets 403 (not_approver); a decided one 400 on `status`
// (already_decided). Sets status, decided_at (now) and the note when given; answers the record.
import { resourceByName } from "../../declaration";
import { eq } from "../db/conditions";
import { badRequest, forbidden, notFound } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";
import type { OpContext } from "../routes/context";

const APPROVAL = resourceByName("project-approval");

function decide(decision: "approved" | "rejected") {
  return async (ctx: OpContext) => {
    const current = await ctx.store.findOne(APPROVAL, [eq("id", Number(ctx.params.id))]);
    if (!current) throw notFound();
    if (Number(current.approver_id) !== ctx.actor.userId) throw forbidden("not_approver");
    if (current.status !== "pending") throw badRequest({ status: { key: "already_decided" } });
    const note = (ctx.body as { note?: unknown } | undefined)?.note;
    const values: Record<string, unknown> = { status: decision, decided_at: new Date().toISOString() };
    if (note !== undefined && note !== null && note !== "") values.note = note;
    return ctx.store.update(APPROVAL, [eq("id", Number(current.id))], values);
  };
}

registerCustom("project-approval", "approve", decide("approved"));
registerCustom("project-approval", "reject", decide("rejected"));
