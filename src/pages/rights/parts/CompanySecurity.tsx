// The company's own security settings beside its rights (company-management own-settings,
// declaration/company-settings.ts): whether its administrators must sign in with a second factor.
// Only a company's people see it (the platform owner sets it on the company's form); switching it
// needs the rights matrix's edit right, as the server checks.
import { Flex, Switch, Typography } from "antd";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { getStoredUser } from "../../../auth/session";
import { useNotify } from "../../../crud/useNotify";
import { useOperation, useOperationMutation } from "../../../providers/operations";

export function CompanySecurity() {
  const { t } = useTranslation();
  const notify = useNotify();
  const inCompany = getStoredUser()?.company_id != null;
  const mayEdit = useCan({ resource: "role-menu", action: "edit" }).data?.can ?? false;
  const { data, query } = useOperation("company-management", "ownSettings", { enabled: inCompany, errorNotification: false });
  const save = useOperationMutation("company-management", "updateOwnSettings");
  if (!inCompany || !data) return null;
  const onChange = async (on: boolean) => {
    try {
      await save.run({ payload: { require_two_factor_admins: on } });
      notify.info(t("rights.companySecurity.saved"));
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      await query.refetch();
    }
  };
  return (
    <section aria-labelledby="company-security" style={{ maxWidth: 720 }}>
      <Typography.Title level={2} id="company-security" style={{ fontSize: 16, margin: "4px 0 8px" }}>
        {t("rights.companySecurity.title")}
      </Typography.Title>
      <Flex gap={12} align="flex-start">
        <Switch
          id="require-two-factor-admins"
          checked={data.require_two_factor_admins}
          disabled={!mayEdit}
          loading={save.mutation.isPending}
          onChange={(on) => void onChange(on)}
          aria-describedby="require-two-factor-admins-what"
        />
        <div>
          <label htmlFor="require-two-factor-admins">{t("rights.companySecurity.requireTwoFactor")}</label>
          <Typography.Paragraph type="secondary" id="require-two-factor-admins-what" style={{ margin: 0 }}>
            {t("rights.companySecurity.requireTwoFactorWhat")}
          </Typography.Paragraph>
        </div>
      </Flex>
    </section>
  );
}
