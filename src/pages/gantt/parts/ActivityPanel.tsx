// The selected activity's side panel: dates, total float, progress, its issues, the staff on it
// (assign or release: user-to-activity, failures shown through useNotify) and the materials
// assigned to it.
import { CloseOutlined } from "@ant-design/icons";
import type { IApi } from "@svar-ui/react-gantt";
import { useInvalidate } from "@refinedev/core";
import { Button, Card, Descriptions, List, Slider, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { useOperation } from "../../../providers/operations";
import { assignToActivity, releaseFromActivity } from "../api/ganttCalls";
import { isoOfDay } from "../../../lib/calendarDays";
import { useGanttStore } from "../store/ganttStore";
import { formatDate } from "../../../lib/format";

export function ActivityPanel({ api }: { api: IApi | null }) {
  const { t } = useTranslation();
  const id = useGanttStore((s) => s.selectedId);
  const activity = useGanttStore((s) => s.edited.find((a) => a.id === id));
  const entry = useGanttStore((s) => (s.schedule?.ok && id !== null ? s.schedule.entries.get(id) : undefined));
  const allIssues = useGanttStore((s) => s.issues);
  const issues = allIssues.filter((i) => i.activity_id === id);
  const staff = useOperation("human-resource", "listAssignActivity", { params: { activity_id: id ?? 0 }, enabled: id !== null });
  const materials = useOperation("assign-material", "listByActivity", { query: { activity_id: id }, enabled: id !== null });
  const invalidate = useInvalidate();
  const notify = useNotify();
  if (id === null || !activity) return null;

  const toggle = async (user: { id: unknown; assigned: boolean; user_to_activity_id: number | null }) => {
    const release = user.assigned && user.user_to_activity_id !== null;
    try {
      if (release) await releaseFromActivity(user.user_to_activity_id!);
      else await assignToActivity(Number(user.id), id);
    } catch (e) {
      notify.failed(release ? "deleteFailed" : "saveFailed", e);
      return;
    }
    await staff.query.refetch();
    void invalidate({ resource: "user-to-activity", invalidates: ["list"] });
  };

  return (
    <Card
      size="small"
      title={activity.name}
      style={{ width: 320, flex: "none" }}
      data-testid="activity-panel"
      extra={<Button size="small" type="text" icon={<CloseOutlined aria-hidden />} onClick={() => useGanttStore.getState().select(null)} aria-label={t("gantt.panel.close")} />}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t("gantt.columns.start")}>{formatDate(activity.start_date)}</Descriptions.Item>
        <Descriptions.Item label={t("gantt.panel.end")}>{formatDate(activity.end_date)}</Descriptions.Item>
        {entry && (
          <Descriptions.Item label={t("gantt.panel.float")}>
            {entry.critical ? <Tag color="red">{t("gantt.panel.critical")}</Tag> : t("gantt.panel.days", { count: entry.totalFloat })}
            {entry.critical && t("gantt.panel.days", { count: entry.totalFloat })}
          </Descriptions.Item>
        )}
        {entry && <Descriptions.Item label={t("gantt.panel.lateFinish")}>{formatDate(isoOfDay(entry.lateFinish - 1))}</Descriptions.Item>}
      </Descriptions>
      {activity.type !== "summary" && (
        <>
          <Typography.Text type="secondary">{t("gantt.panel.progress")}</Typography.Text>
          <Slider
            value={Number(activity.progress ?? 0)}
            onChangeComplete={(v: number) => api && void api.exec("update-task", { id, task: { progress: v } })}
            aria-label={t("gantt.panel.progress")}
          />
        </>
      )}
      <List
        size="small"
        header={t("gantt.panel.issues")}
        dataSource={issues}
        locale={{ emptyText: t("gantt.panel.none") }}
        renderItem={(i) => <List.Item>{String(i.title)}</List.Item>}
      />
      <List
        size="small"
        header={t("gantt.panel.staff")}
        loading={staff.query.isLoading}
        dataSource={staff.data ?? []}
        locale={{ emptyText: t("gantt.panel.none") }}
        renderItem={(u) => (
          <List.Item
            actions={[
              <Button key="a" size="small" type={u.assigned ? "primary" : "default"} onClick={() => void toggle(u as never)}>
                {u.assigned ? t("gantt.panel.assigned") : t("gantt.panel.assign")}
              </Button>,
            ]}
          >
            {String(u.name)}
          </List.Item>
        )}
      />
      <List
        size="small"
        header={t("gantt.panel.materials")}
        dataSource={materials.data ?? []}
        locale={{ emptyText: t("gantt.panel.none") }}
        renderItem={(m) => (
          <List.Item>
            {String(m.material_resource_id_label ?? m.material_resource_id)} × {String(m.quantity ?? "")}
          </List.Item>
        )}
      />
    </Card>
  );
}
