// K3 work permits expiring soon: approved work permits ending today or within the next 7 days (the
// company's days); the link opens the permits' list filtered so (model/cardFilters.ts).
import { List, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format";
import { useTimeZones } from "../../../crud/useTimeZones";
import { expiringPermits, listLink, PERMIT_DAYS } from "../model/cardFilters";
import { dayFromToday } from "../model/dashboard";
import { useCount } from "../hooks/useCount";
import { DashboardCard, Figure, Figures, useTones } from "./DashboardCard";

interface PermitRow {
  id: number;
  user_id_label?: string | null;
  end_date: string;
}

export function PermitsCard({ to }: { to?: string }) {
  const { t } = useTranslation();
  const tones = useTones();
  const filters = expiringPermits(dayFromToday(0, useTimeZones().company));
  const expiring = useCount<PermitRow>("permit", filters, { enabled: true, sorters: [{ field: "end_date", order: "asc" }], pageSize: 5 });
  return (
    <DashboardCard testId="card-permits" title={t("home.permits.title")} to={listLink(to, filters)} loading={expiring.loading} error={expiring.error}>
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
