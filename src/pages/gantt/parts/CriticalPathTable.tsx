// The critical path of the edited plan: its activities in order, the plan's end, and the
// total float of every other activity (what may slip without moving the end).
import { Alert, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { isoOfDay } from "../../../lib/calendarDays";
import { useGanttStore } from "../store/ganttStore";
import { formatDate } from "../../../lib/format";

export function CriticalPathTable() {
  const { t } = useTranslation();
  const schedule = useGanttStore((s) => s.schedule);
  const edited = useGanttStore((s) => s.edited);
  const show = useGanttStore((s) => s.showCritical);
  if (!show || !schedule) return null;
  if (!schedule.ok) {
    const names = schedule.cycle.map((id) => edited.find((a) => a.id === id)?.name ?? String(id));
    return <Alert type="warning" showIcon message={t("gantt.critical.cycle", { list: names.join(" → ") })} />;
  }
  const rows = edited
    .filter((a) => a.type !== "summary" && schedule.entries.has(a.id))
    .map((a) => ({ key: a.id, name: a.name, float: schedule.entries.get(a.id)!.totalFloat, critical: schedule.entries.get(a.id)!.critical }))
    .sort((a, b) => a.float - b.float);
  return (
    <div data-testid="critical-path">
      <Typography.Title level={5}>{t("gantt.critical.title", { count: schedule.criticalIds.length, end: formatDate(isoOfDay(schedule.projectFinish - 1)) })}</Typography.Title>
      <Table
        size="small"
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
        dataSource={rows}
        onRow={(r) => ({ onClick: () => useGanttStore.getState().select(r.key) })}
        columns={[
          { title: t("gantt.columns.name"), dataIndex: "name" },
          {
            title: t("gantt.panel.float"),
            dataIndex: "float",
            render: (n: number, r) => (r.critical ? <Tag color="red">{t("gantt.panel.days", { count: n })}</Tag> : t("gantt.panel.days", { count: n })),
          },
        ]}
      />
    </div>
  );
}
