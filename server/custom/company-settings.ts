// company-management GET / PUT own-settings (beyond the spec): the settings a company's own admins
// hold (declaration/company-settings.ts: which fields; today whether its admins must sign in with
// a second factor). Only the actor's own company; other keys of the body are ignored; each value
// is checked as company-management declares it (400 names the field); a change is audited as an
// update of the company, like timesheet/settings. The rights are the declaration's (the rights
// matrix's menu: read to read; the named right companySettings to change), checked before this.
import { resourceByName } from "../../declaration";
import type { CompanyOwnSettings } from "../../declaration/answers";
import { ownSettingsBody, ownSettingsOf, WEBHOOK_SECRET_FIELD, WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN, webhookSecretOf } from "../../declaration/company-settings";
import { COMPANIES } from "../access/identity";
import { audit } from "../audit/log";
import { encodeRecord } from "../db/codec";
import { badRequest, notFound, type FieldErrors } from "../http/errors";
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
  const row = await ctx.db.selectFrom(COMPANIES.table).selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
};

registerCustom("company-management", "ownSettings", async (ctx): Promise<CompanyOwnSettings> => {
  return ownSettingsOf(await companyRow(ctx, ownCompany(ctx)));
});

registerCustom("company-management", "updateOwnSettings", async (ctx): Promise<CompanyOwnSettings> => {
  const companyId = ownCompany(ctx);
  const { values, errors } = validateRecord(COMPANY, ownSettingsBody(ctx.body), { mode: "update" });
  const allErrors: FieldErrors = { ...errors };
  const secret = webhookSecretOf(ctx.body);
  if ("error" in secret)
    allErrors[WEBHOOK_SECRET_FIELD] =
      secret.error === "too_short"
        ? { key: "password_too_short", params: { min: WEBHOOK_SECRET_MIN } }
        : secret.error === "too_long"
          ? { key: "too_long", params: { max: WEBHOOK_SECRET_MAX } }
          : { key: "bad_request" };
  if (Object.keys(allErrors).length) throw badRequest(allErrors);
  const before = await companyRow(ctx, companyId);
  const stored: Record<string, unknown> = encodeRecord(COMPANY, values);
  if ("value" in secret && secret.value !== undefined) stored[WEBHOOK_SECRET_FIELD] = secret.value;
  // A webhook address is signed: it needs a secret, given now or kept from before.
  const url = Object.hasOwn(stored, "alert_webhook_url") ? stored.alert_webhook_url : before.alert_webhook_url;
  const key = Object.hasOwn(stored, WEBHOOK_SECRET_FIELD) ? stored[WEBHOOK_SECRET_FIELD] : before[WEBHOOK_SECRET_FIELD];
  if (url && !key) throw badRequest({ [WEBHOOK_SECRET_FIELD]: { key: "webhook_secret_needed" } });
  const changed = Object.keys(stored).filter((k) => before[k] !== stored[k]);
  if (changed.length) {
    // The secret is audited as changed, never by its value.
    const shown = (row: Record<string, unknown>, k: string) =>
      k === WEBHOOK_SECRET_FIELD ? (row[k] ? "********" : null) : (ownSettingsOf(row)[k as keyof CompanyOwnSettings] ?? row[k]);
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
        before: Object.fromEntries(changed.map((k) => [k, shown(before, k)])),
        after: Object.fromEntries(changed.map((k) => [k, k === WEBHOOK_SECRET_FIELD ? shown(stored, k) : values[k]])),
      });
    });
  }
  return ownSettingsOf(await companyRow(ctx, companyId));
});
