// The permission matrix (bespoke list page of role-menu, src/crud/bespoke.ts): pick a role, then
// its rights on each of the company's menus (RightsWorkspace); before a role is picked, the
// company's security settings (parts/CompanySecurity). The role is kept in the address
// (#/role-menu?role=4), so a reload or a link shows the same role.
import { Flex, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { resourceByName } from "../../../declaration";
import { RefSelect } from "../../crud/fields/ref";
import { wantToasts } from "../../lazy/toasts";
import { useViewAs } from "./hooks/useViewAs";
import { CompanySecurity } from "./parts/CompanySecurity";
import { RightsWorkspace } from "./RightsWorkspace";

const ROLE_FIELD = resourceByName("role-menu").fields.find((f) => f.name === "role_id")!;
const idParam = (v: string | null): number | null => (v && /^\d+$/.test(v) ? Number(v) : null);

export default function RightsPage() {
  const { t } = useTranslation();
  useEffect(wantToasts, []);
  const [params, setParams] = useSearchParams();
  const viewAs = useViewAs();
  const roleId = idParam(params.get("role"));
  const setRole = (v: unknown) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (v === null || v === undefined || v === "") p.delete("role");
        else p.set("role", String(v));
        return p;
      },
      { replace: true },
    );
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t("rights.title")}
      </Typography.Title>
      <div style={{ maxWidth: 360, display: "flex", flexDirection: "column", gap: 4 }}>
        <label htmlFor="rights-role">{t("rights.role")}</label>
        <RefSelect field={ROLE_FIELD} value={roleId} onChange={setRole} placeholder={t("rights.pickRole")} id="rights-role" />
      </div>
      {roleId !== null ? (
        <RightsWorkspace key={roleId} roleId={roleId} onViewAs={(id) => void viewAs(id)} />
      ) : (
        <>
          <Typography.Text type="secondary">{t("rights.pickRoleHint")}</Typography.Text>
          <CompanySecurity />
        </>
      )}
    </Flex>
  );
}
