// A field role's card on the home page (a field worker at a desktop): their day is on the field
// page (clock-in and out, breaks, the panic button, permits and K3 reports), not the office's
// figures (the company's attendance, alarms, permits expiring).
import { theme } from "antd";
import { useTranslation } from "react-i18next";
import { DashboardCard } from "./DashboardCard";

export function FieldCard({ to }: { to?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <DashboardCard testId="card-field" title={t("home.field.title")} to={to} loading={false}>
      <p style={{ margin: 0, color: token.colorText }}>{t("home.field.text")}</p>
    </DashboardCard>
  );
}
