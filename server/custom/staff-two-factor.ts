// human-resource GET two-factor/{id} and PUT reset-two-factor/{id} (beyond the spec): whether a
// person of the actor's company signs in with a second factor (never the secret), and an admin's
// reset of it for someone who lost their phone and their recovery codes. A reset takes the
// secret and the recovery codes away and ends the person's sessions, in one transaction with a
// `two_factor_reset` audit entry; when the settings require a second factor of them they set it
// up again at their next sign-in. Only people of the actor's own company (another company's, or
// the platform owner acting without one: 404); nobody resets their own (409: they turn it off on
// their Account security page, with a code or their password), nor the second factor of someone
// above them (403 above_own_rights: the role ceiling, server/access/ceiling.ts). The platform owner's is reset
// from the command line only (server/cli/reset-two-factor.ts).
import { resourceByName } from "../../declaration";
import type { PersonTwoFactor } from "../../declaration/answers";
import { requireCoversPeople } from "../access/ceiling";
import { audit } from "../audit/log";
import { loadSignIn, mustUseTwoFactor } from "../auth/sign-in";
import { revokeUserTokens } from "../auth/tokens";
import { removeTwoFactor, twoFactorState } from "../auth/two-factor-store";
import { conflict, notFound } from "../http/errors";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";

const HR = resourceByName("human-resource");

/** The person, of the actor's company: 404 otherwise. */
async function personOf(ctx: OpContext): Promise<{ id: number; name: string }> {
  const id = Number(ctx.params.id);
  if (ctx.actor.companyId === null || !Number.isSafeInteger(id)) throw notFound();
  const person = await ctx.store.getById(HR, id);
  if (Number(person.company_id) !== ctx.actor.companyId) throw notFound();
  return { id, name: String(person.name ?? "") };
}

async function stateOf(ctx: OpContext, id: number): Promise<PersonTwoFactor> {
  const { enabled, enabled_at } = await twoFactorState(ctx.db, id);
  const who = await loadSignIn(ctx.db, id);
  return { enabled, enabled_at, required: !!who && mustUseTwoFactor(ctx.services, who) };
}

registerCustom("human-resource", "twoFactor", async (ctx): Promise<PersonTwoFactor> => stateOf(ctx, (await personOf(ctx)).id));

registerCustom("human-resource", "resetTwoFactor", async (ctx): Promise<PersonTwoFactor> => {
  const person = await personOf(ctx);
  if (person.id === ctx.actor.userId) throw conflict(undefined, "two_factor_reset_self");
  await requireCoversPeople(ctx.db, ctx.actor, [person.id]);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await removeTwoFactor(trx, person.id))) return;
    await revokeUserTokens(trx, person.id);
    await audit(trx, ctx.actor, {
      kind: "two_factor_reset",
      resource: HR.name,
      recordId: person.id,
      label: person.name,
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });
  return stateOf(ctx, person.id);
});
