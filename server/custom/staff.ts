// human-resource PUT disable/{id} and enable/{id} (beyond the spec), and its update/{id}:
// - disable: is_active false, every session of the person revoked (their next request answers
//   401), a `disable` audit entry; their device keys stop at once (ownerOfKey refuses an inactive
//   person's key). Nobody disables themselves (409 not_self: they would lock themselves out).
// - enable: is_active true and an `enable` entry; the revoked sessions stay revoked (sign in again).
// - update/{id}: the generic update, and the person's sessions revoked in the same transaction
//   when it turns is_active off, so that turning it on again never revives an old session.
// Each answers the person's record; disabling a disabled person (or enabling an active one)
// changes nothing and writes no entry. Nobody acts on a person whose role is above their own
// (403 above_own_rights), and the company keeps an active administrator (409 last_administrator:
// server/access/write-guards.ts). A password set by someone else ends the person's sessions; one's
// own ends one's other sessions.
import { resourceByName } from "../../declaration";
import { requireAdministered } from "../access/administration";
import { requireCoversPeople } from "../access/ceiling";
import { audit } from "../audit/log";
import { revokeUserTokens } from "../auth/tokens";
import { eq } from "../db/conditions";
import { conflict } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";
import type { OpContext } from "../routes/context";

const HR = resourceByName("human-resource");

/** Off as stored (null, as some imported rows hold, counts as active: see authenticate). */
const isOff = (v: unknown) => v === false || v === 0 || v === "0" || v === "false";

function setActive(active: boolean) {
  return async (ctx: OpContext) => {
    const id = Number(ctx.params.id);
    const current = await ctx.store.getById(HR, id);
    if (!active && id === ctx.actor.userId) throw conflict(undefined, "not_self");
    await requireCoversPeople(ctx.db, ctx.actor, [id]);
    if (isOff(current.is_active) !== active) return current;
    return ctx.db.transaction().execute(async (trx) => {
      const store = ctx.store.withDb(trx);
      // The store's own update entry would say "update": this operation writes its own kind.
      await trx
        .updateTable(HR.table)
        .set({ is_active: active ? 1 : 0, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .where("company_id", "=", ctx.actor.companyId)
        .execute();
      if (!active) await revokeUserTokens(trx, id);
      await audit(trx, ctx.actor, {
        kind: active ? "enable" : "disable",
        resource: HR.name,
        recordId: id,
        label: String(current.name ?? ""),
        before: { is_active: !active },
        after: { is_active: active },
      });
      if (!active) await requireAdministered(trx, ctx.actor.companyId);
      return store.getById(HR, id);
    });
  };
}

registerCustom("human-resource", "disable", setActive(false));
registerCustom("human-resource", "enable", setActive(true));

registerCustom("human-resource", "update/{id}", async (ctx) => {
  const id = Number(ctx.params.id);
  const turnsOff = !!ctx.body && typeof ctx.body === "object" && isOff((ctx.body as Record<string, unknown>).is_active);
  if (turnsOff && id === ctx.actor.userId) throw conflict({ is_active: { key: "not_self" } });
  const newPassword = !!ctx.body && typeof ctx.body === "object" && typeof (ctx.body as Record<string, unknown>).password === "string";
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await ctx.store.withDb(trx).update(HR, [eq("id", id)], ctx.body);
    if (isOff(updated.is_active)) await revokeUserTokens(trx, id);
    else if (newPassword) await revokeUserTokens(trx, id, id === ctx.actor.userId ? ctx.actor.tokenHash : undefined);
    return updated;
  });
});
