// Overdue milestones: still planned with their due date before today (the company's day); the link
// opens the milestones' list filtered so (model/cardFilters.ts).
import { List } from "antd";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format";
import { useTimeZones } from "../../../crud/useTimeZones";
import { listLink, overdueMilestones } from "../model/cardFilters";
import { dayFromToday } from "../model/dashboard";
import { useCount } from "../hooks/useCount";
import { DashboardCard, Figure, Figures, useTones } from "./DashboardCard";

interface MilestoneRow {
  id: number;
  title: string;
  due_date: string;
  project_id_label?: string | null;
}

export function MilestonesCard({ to }: { to?: string }) {
  const { t } = useTranslation();
  const tones = useTones();
  const filters = overdueMilestones(dayFromToday(0, useTimeZones().company));
  const overdue = useCount<MilestoneRow>("project-milestone", filters, { enabled: true, sorters: [{ field: "due_date", order: "asc" }], pageSize: 3 });
  return (
    <DashboardCard testId="card-milestones" title={t("home.milestones.title")} to={listLink(to, filters)} loading={overdue.loading} error={overdue.error}>
      <Figures>
        <Figure testId="milestones-overdue" label={t("home.milestones.overdue")} value={overdue.total} tone={overdue.total ? tones.bad : tones.good} />
      </Figures>
      {overdue.rows.length ? (
        <List
          size="small"
          dataSource={overdue.rows}
          renderItem={(m) => (
            <List.Item>
              {m.title} · {m.project_id_label ?? ""} · {t("home.milestones.due", { date: formatDate(m.due_date) })}
            </List.Item>
          )}
        />
      ) : null}
    </DashboardCard>
  );
}
