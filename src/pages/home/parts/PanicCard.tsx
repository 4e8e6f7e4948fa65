// Open panic alerts: how many, and the latest few (who, when) linking to each alarm's page.
import { List, theme } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCount } from "../hooks/useCount";
import { DashboardCard, Figure, Figures } from "./DashboardCard";

interface PanicRow {
  id: number;
  user_id_label?: string | null;
  project_id_label?: string | null;
  alert_time: string;
}

export function PanicCard({ to, show }: { to?: string; show?: (id: number) => string | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const open = useCount<PanicRow>("panic-button", [{ field: "status", operator: "eq", value: "open" }], {
    enabled: true,
    sorters: [{ field: "alert_time", order: "desc" }],
    pageSize: 3,
  });
  return (
    <DashboardCard testId="card-panic" title={t("home.panic.title")} to={to} loading={open.loading} error={open.error}>
      <Figures>
        <Figure testId="panic-open" label={t("home.panic.open")} value={open.total} tone={open.total ? token.colorError : token.colorSuccess} />
      </Figures>
      {open.rows.length ? (
        <List
          size="small"
          dataSource={open.rows}
          renderItem={(p) => {
            const text = `${p.user_id_label ?? "-"} · ${dayjs(p.alert_time).format("DD-MM HH:mm")}`;
            const link = show?.(p.id);
            return <List.Item>{link ? <Link to={link}>{text}</Link> : text}</List.Item>;
          }}
        />
      ) : null}
    </DashboardCard>
  );
}
