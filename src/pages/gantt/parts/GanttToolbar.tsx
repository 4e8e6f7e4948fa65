// The plan's toolbar: version and comparison pickers, scale, today, the edit buttons (add,
// indent, outdent, milestone, delete), the critical path switch and the save state.
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, FlagOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import type { IApi } from "@svar-ui/react-gantt";
import { Button, Segmented, Select, Space, Switch, Tag, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { VersionRecord } from "../api/ganttCalls";
import { useGanttStore, type GanttScale } from "../store/ganttStore";
import { useShallow } from "zustand/react/shallow";

export interface GanttToolbarProps {
  api: IApi | null;
  versions: VersionRecord[];
  onReload(): void;
  extra?: ReactNode;
}

const SAVE_COLORS = { idle: "default", saving: "processing", saved: "success", stale: "error", failed: "error" } as const;

export function GanttToolbar({ api, versions, onReload, extra }: GanttToolbarProps) {
  const { t } = useTranslation();
  // Only what the toolbar shows: the whole store changes with every edit (plan, schedule).
  const s = useGanttStore(
    useShallow((st) => ({
      selectedId: st.selectedId,
      versionId: st.versionId,
      compareId: st.compareId,
      scale: st.scale,
      showCritical: st.showCritical,
      saveState: st.saveState,
      setVersion: st.setVersion,
      setCompare: st.setCompare,
      setScale: st.setScale,
      toggleCritical: st.toggleCritical,
    })),
  );
  const selected = s.selectedId;
  const selectedTask = api && selected !== null ? api.getTask(selected) : null;
  const versionOptions = versions.map((v) => ({ value: v.id, label: v.is_baseline ? `${v.name} (${t("gantt.baseline")})` : v.name }));

  const add = () => {
    if (!api) return;
    const start = selectedTask?.start ?? new Date(new Date().setHours(0, 0, 0, 0));
    void api.exec("add-task", {
      task: { text: t("gantt.newActivity"), start, duration: 1, type: "task" },
      ...(selected !== null ? { target: selected, mode: "after" as const } : {}),
    });
  };
  const run = (f: (api: IApi, id: number) => void) => () => api && selected !== null && f(api, selected);

  return (
    <Space wrap style={{ marginBottom: 8 }} data-testid="gantt-toolbar">
      <Select
        aria-label={t("gantt.version")}
        style={{ minWidth: 200 }}
        value={s.versionId ?? undefined}
        options={versionOptions}
        onChange={(v: number) => s.setVersion(v)}
        placeholder={t("gantt.version")}
      />
      <Select
        aria-label={t("gantt.compareWith")}
        style={{ minWidth: 200 }}
        allowClear
        value={s.compareId ?? undefined}
        options={versionOptions.filter((o) => o.value !== s.versionId)}
        onChange={(v?: number) => s.setCompare(v ?? null)}
        placeholder={t("gantt.compareWith")}
      />
      <Segmented<GanttScale>
        aria-label={t("gantt.scale.label")}
        value={s.scale}
        onChange={(v) => s.setScale(v)}
        options={[
          { value: "day", label: t("gantt.scale.day") },
          { value: "week", label: t("gantt.scale.week") },
          { value: "month", label: t("gantt.scale.month") },
        ]}
      />
      <Button onClick={() => api && void api.exec("scroll-chart", { date: new Date() })}>{t("gantt.today")}</Button>
      <Space.Compact>
        <Tooltip title={t("gantt.add")}>
          <Button icon={<PlusOutlined />} onClick={add} aria-label={t("gantt.add")} />
        </Tooltip>
        <Tooltip title={t("gantt.outdent")}>
          <Button
            icon={<ArrowLeftOutlined />}
            disabled={selected === null}
            onClick={run((a, id) => void a.exec("indent-task", { id, mode: false }))}
            aria-label={t("gantt.outdent")}
          />
        </Tooltip>
        <Tooltip title={t("gantt.indent")}>
          <Button
            icon={<ArrowRightOutlined />}
            disabled={selected === null}
            onClick={run((a, id) => void a.exec("indent-task", { id, mode: true }))}
            aria-label={t("gantt.indent")}
          />
        </Tooltip>
        <Tooltip title={t("gantt.milestone")}>
          <Button
            icon={<FlagOutlined />}
            disabled={selected === null}
            onClick={run((a, id) => void a.exec("update-task", { id, task: { type: a.getTask(id)?.type === "milestone" ? "task" : "milestone" } }))}
            aria-label={t("gantt.milestone")}
          />
        </Tooltip>
        <Tooltip title={t("gantt.delete")}>
          <Button danger icon={<DeleteOutlined />} disabled={selected === null} onClick={run((a, id) => void a.exec("delete-task", { id }))} aria-label={t("gantt.delete")} />
        </Tooltip>
      </Space.Compact>
      <Space>
        <Switch checked={s.showCritical} onChange={s.toggleCritical} aria-label={t("gantt.criticalPath")} />
        <span>{t("gantt.criticalPath")}</span>
      </Space>
      <Tag color={SAVE_COLORS[s.saveState]} data-testid="gantt-save-state">
        {t(`gantt.save.state.${s.saveState}`)}
      </Tag>
      {s.saveState === "stale" && (
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onReload}>
          {t("gantt.reload")}
        </Button>
      )}
      {extra}
    </Space>
  );
}
