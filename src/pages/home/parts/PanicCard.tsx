// Open panic alerts: how many, and the latest few (who, when) linking to each alarm's page; the
// card's link opens the alarms' list filtered to the open ones (model/cardFilters.ts).
import { List } from "antd";
import type { RowOf } from "../../../../declaration/rows";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTimeZones } from "../../../crud/useTimeZones";
import { zoneOfProject } from "../../../lib/timeZones";
import { formatDateTime } from "../../../lib/zonedTime";
import { useCount } from "../hooks/useCount";
import { listLink, openPanic } from "../model/cardFilters";
import { DashboardCard, Figure, Figures, useTones } from "./DashboardCard";

type PanicRow = Pick<RowOf<"panic-button">, "id" | "user_id_label" | "project_id" | "project_id_label" | "alert_time">;

export function PanicCard({ to, show }: { to?: string; show?: (id: number) => string | undefined }) {
  const { t } = useTranslation();
  const tones = useTones();
  const zones = useTimeZones();
  const filters = openPanic();
  const open = useCount<PanicRow>("panic-button", filters, {
    enabled: true,
    sorters: [{ field: "alert_time", order: "desc" }],
    pageSize: 3,
  });
  return (
    <DashboardCard testId="card-panic" title={t("home.panic.title")} to={listLink(to, filters)} loading={open.loading} error={open.error}>
      <Figures>
        <Figure testId="panic-open" label={t("home.panic.open")} value={open.total} tone={open.total ? tones.bad : tones.good} />
      </Figures>
      {open.rows.length ? (
        <List
          size="small"
          dataSource={open.rows}
          renderItem={(p) => {
            // The alarm's time in its site's zone, as the panic banner shows it.
            const text = `${p.user_id_label ?? "-"} · ${formatDateTime(p.alert_time, zoneOfProject(zones, p.project_id))}`;
            const link = show?.(p.id);
            return <List.Item>{link ? <Link to={link}>{text}</Link> : text}</List.Item>;
          }}
        />
      ) : null}
    </DashboardCard>
  );
}
