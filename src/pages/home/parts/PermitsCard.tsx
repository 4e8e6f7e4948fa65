// K3 work permits expiring soon: approved work permits ending today or within the next 7 days.
import { List, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format";
import { dayFromToday } from "../model/dashboard";
import { useCount } from "../hooks/useCount";
import { DashboardCard, Figure, Figures, useTones } from "./DashboardCard";

export const PERMIT_DAYS = 7;

interface PermitRow {
  id: number;
  user_id_label?: string | null;
  end_date: string;
}

export function PermitsCard({ to }: { to?: string }) {
  const { t } = useTranslation();
  const tones = useTones();
  const expiring = useCount<PermitRow>(
    "permit",
    [
      { field: "permit_type", operator: "eq", value: "work_permit" },
      { field: "status", operator: "eq", value: "approved" },
      { field: "end_date", operator: "between", value: [dayFromToday(), dayFromToday(PERMIT_DAYS)] },
    ],
    { enabled: true, sorters: [{ field: "end_date", order: "asc" }], pageSize: 5 },
  );
  return (
    <DashboardCard testId="card-permits" title={t("home.permits.title")} to={to} loading={expiring.loading} error={expiring.error}>
      <Figures>
        <Figure testId="permits-expiring" label={t("home.permits.expiring", { days: PERMIT_DAYS })} value={expiring.total} tone={expiring.total ? tones.warn : undefined} />
      </Figures>
      {expiring.rows.length ? (
        <List
          size="small"
          dataSource={expiring.rows}
          renderItem={(p) => (
            <List.Item>
              {p.user_id_label ?? "-"} <Tag color="gold">{t("home.permits.ends", { date: formatDate(p.end_date) })}</Tag>
            </List.Item>
          )}
        />
      ) : null}
    </DashboardCard>
  );
}
