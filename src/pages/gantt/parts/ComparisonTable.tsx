// The comparison with another version: activities whose start or end moved, by how many days
// (the ghost bars show the same on the chart), and what was added or removed.
import { Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useGanttStore } from "../store/ganttStore";
import { formatDate } from "../../../lib/format";

const days = (n: number) => (n > 0 ? `+${n}` : String(n));

export function ComparisonTable() {
  const { t } = useTranslation();
  const comparison = useGanttStore((s) => s.comparison);
  if (!comparison) return null;
  const rows = comparison.moved.map((m) => ({
    key: m.key,
    name: m.current.name,
    baseStart: m.baseline.start_date,
    start: m.current.start_date,
    startDelta: m.startDelta,
    endDelta: m.endDelta,
  }));
  return (
    <div data-testid="comparison">
      <Typography.Title level={5}>
        {t("gantt.compare.title", { moved: comparison.moved.length, added: comparison.added.length, removed: comparison.removed.length })}
      </Typography.Title>
      <Table
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={rows}
        locale={{ emptyText: t("gantt.compare.none") }}
        columns={[
          { title: t("gantt.columns.name"), dataIndex: "name" },
          { title: t("gantt.compare.baselineStart"), dataIndex: "baseStart", render: formatDate },
          { title: t("gantt.columns.start"), dataIndex: "start", render: formatDate },
          { title: t("gantt.compare.startMoved"), dataIndex: "startDelta", render: (n: number) => <Tag color={n > 0 ? "red" : n < 0 ? "green" : "default"}>{days(n)}</Tag> },
          { title: t("gantt.compare.endMoved"), dataIndex: "endDelta", render: (n: number) => <Tag color={n > 0 ? "red" : n < 0 ? "green" : "default"}>{days(n)}</Tag> },
        ]}
      />
    </div>
  );
}
