// The Gantt page (bespoke list page of version-gantt, src/crud/bespoke.ts): pick a project
// (kept in the address: ?project=), then its plan (GanttWorkspace).
import { Card, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useNotify } from "../../crud/useNotify";
import { wantToasts } from "../../lazy/toasts";
import { loadProjects } from "./api/ganttCalls";
import { GanttWorkspace } from "./GanttWorkspace";

export default function GanttPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  useEffect(wantToasts, []);
  const [params, setParams] = useSearchParams();
  const [projects, setProjects] = useState<Array<{ id: number; name: string; code?: string | null }>>([]);
  const projectId = Number(params.get("project")) || null;
  useEffect(() => {
    loadProjects().then(setProjects, (e: unknown) => notify.failed("loadFailed", e));
  }, [notify]);
  return (
    <Card>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t("gantt.title")}
        </Typography.Title>
        <Select
          showSearch
          optionFilterProp="label"
          aria-label={t("gantt.project")}
          placeholder={t("gantt.pickProject")}
          style={{ minWidth: 280 }}
          value={projectId ?? undefined}
          onChange={(id: number) => setParams({ project: String(id) })}
          options={projects.map((p) => ({ value: p.id, label: p.code ? `${p.code} · ${p.name}` : p.name }))}
        />
      </Space>
      {projectId !== null && <GanttWorkspace key={projectId} projectId={projectId} />}
    </Card>
  );
}
