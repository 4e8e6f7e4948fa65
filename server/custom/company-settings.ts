// company-management GET / PUT own-settings (beyond the spec): the settings a company's own admins
// hold (declaration/company-settings.ts: which fields; today whether its admins must sign in with
// a second factor). Only the actor's own company; other keys of the body are ignored; each value
// is checked as company-management declares it (400 names the field); a change is audited as an
// update of the company, like timesheet/settings. The rights are the declaration's (the rights
// matrix's menu: read to read; the named right companySettings to change), checked before this.
import { resourceByName } from "../../declaration";
import type { CompanyOwnSettings } from "../../declaration/answers";
import { ownSettingsBody, ownSettingsOf } from "../../declaration/company-settings";
import { COMPANIES } from "../access/identity";
import { audit } from "../audit/log";
import { encodeRecord } from "../db/codec";
import { badRequest, notFound } from "../http/errors";
import type { Row } from "../records/store";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";
import { validateRecord } from "../validation/record";

const COMPANY = resourceByName("company-management");

/** The actor's company (the platform owner has none: 404). */
const ownCompany = (ctx: OpContext): number => {
  if (ctx.actor.companyId === null) throw notFound();
  return ctx.actor.companyId;
};

const companyRow = async (ctx: OpContext, id: number): Promise<Row> => {
  const row = (await ctx.db.selectFrom(COMPANIES.table).selectAll().where("id", "=", id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound();
  return row;
};

registerCustom("company-management", "ownSettings", async (ctx): Promise<CompanyOwnSettings> => {
  return ownSettingsOf(await companyRow(ctx, ownCompany(ctx)));
});

registerCustom("company-management", "updateOwnSettings", async (ctx): Promise<CompanyOwnSettings> => {
  const companyId = ownCompany(ctx);
  const { values, errors } = validateRecord(COMPANY, ownSettingsBody(ctx.body), { mode: "update" });
  if (Object.keys(errors).length) throw badRequest(errors);
  const before = await companyRow(ctx, companyId);
  const stored = encodeRecord(COMPANY, values);
  const changed = Object.keys(stored).filter((k) => before[k] !== stored[k]);
  if (changed.length) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable(COMPANIES.table)
        .set({ ...stored, updated_at: new Date().toISOString() })
        .where("id", "=", companyId)
        .execute();
      await audit(trx, ctx.actor, {
        kind: "update",
        resource: "company-management",
        recordId: companyId,
        label: String(before.name ?? ""),
        before: Object.fromEntries(changed.map((k) => [k, ownSettingsOf(before)[k as keyof CompanyOwnSettings] ?? before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, values[k]])),
      });
    });
  }
  return ownSettingsOf(await companyRow(ctx, companyId));
});
