// A project's plan: toolbar, the chart with the selected activity's panel beside it, then the
// critical path and the comparison. Mounted by the Gantt page (which picks the project) and by
// the project workspace's plan tab. After each edit the work linked after the edited tasks
// follows (useLinkedMoves), then the plan is saved (usePlanSave).
import { ReloadOutlined } from "@ant-design/icons";
import type { IApi, TID } from "@svar-ui/react-gantt";
import { Button, Empty, Space, Spin } from "antd";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useOperation } from "../../providers/operations";
import { useLinkedMoves } from "./hooks/useLinkedMoves";
import { usePlanData } from "./hooks/usePlanData";
import { usePlanSave } from "./hooks/usePlanSave";
import { ActivityPanel } from "./parts/ActivityPanel";
import { ComparisonTable } from "./parts/ComparisonTable";
import { CriticalPathTable } from "./parts/CriticalPathTable";
import { GanttChart } from "./parts/GanttChart";
import { GanttToolbar } from "./parts/GanttToolbar";
import { MembersButton } from "./parts/MembersButton";
import { VersionActions } from "./parts/VersionActions";
import { useGanttStore } from "./store/ganttStore";

export function GanttWorkspace({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const api = useGanttStore((s) => s.api);
  const { versions, reloadVersions, reloadPlan, loadFailed } = usePlanData(projectId);
  const save = usePlanSave();
  const followLinks = useLinkedMoves();
  const versionId = useGanttStore((s) => s.versionId);
  const loadCount = useGanttStore((s) => s.loadCount);
  const issues = useOperation("issue", "listByGantt", { query: { version_gantt_id: versionId }, enabled: versionId !== null });
  useEffect(() => {
    useGanttStore.getState().setIssues(issues.data ?? []);
  }, [issues.data]);
  const onApi = useCallback((a: IApi | null) => useGanttStore.getState().setApi(a), []);
  // One edit may run several chart actions (a move updates its summary too): they go in one save,
  // with the moves of the work linked after the edited tasks.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const edited = useRef(new Set<TID>());
  const onEdited = useCallback(
    (a: IApi, ids: readonly TID[]) => {
      for (const id of ids) edited.current.add(id);
      if (pending.current !== null) return;
      pending.current = setTimeout(() => {
        const ids = [...edited.current];
        edited.current.clear();
        // The linked moves' own chart updates come back here while `pending` is still set: no second save.
        const body = ids.length ? followLinks(a, ids) : undefined;
        pending.current = null;
        void save(a, body);
      }, 0);
    },
    [save, followLinks],
  );

  return (
    <div data-testid="gantt-workspace">
      <GanttToolbar
        api={api}
        versions={versions}
        onReload={() => void reloadPlan()}
        extra={
          <>
            <MembersButton />
            <VersionActions projectId={projectId} versions={versions} onCreated={(id) => void reloadVersions(id)} />
          </>
        }
      />
      {versionId === null ? (
        <Empty description={versions.length ? t("gantt.loading") : t("gantt.noVersion")} />
      ) : loadCount === 0 && loadFailed ? (
        <Empty description={t("crud.notifications.loadFailed")}>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void reloadPlan()}>
            {t("gantt.reload")}
          </Button>
        </Empty>
      ) : loadCount === 0 ? (
        <Spin />
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          <div style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <GanttChart onApi={onApi} onEdited={onEdited} />
            </div>
            <ActivityPanel api={api} />
          </div>
          <CriticalPathTable />
          <ComparisonTable />
        </Space>
      )}
    </div>
  );
}
