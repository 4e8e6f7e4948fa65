// The project's issues (issue/list-by-project, or one Gantt version's with list-by-gantt), with
// their statuses, assignees and each one's replies; the generated form adds and edits them. The
// project's issue log (project-issues) follows.
import { useMemo, useState } from "react";
import { Button, Empty, Select, Space, Table, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { buildColumns } from "../../../../crud/columns";
import { EmbeddedList } from "../../../../crud/EmbeddedList";
import { listFieldsOf, resourceOf } from "../../../../crud/model";
import { RecordFormModal } from "../../../../crud/RecordFormModal";
import { useFormatting } from "../../../../crud/useCrud";
import { useProjectRows } from "../../hooks/useProjectRows";
import { ReplyThread } from "./ReplyThread";
import { useProjectIssues } from "./useProjectIssues";

type Row = Record<string, unknown>;
const ISSUE = resourceOf("issue");
const FIELDS = listFieldsOf(ISSUE).filter((f) => f.name !== "project_id");

export default function IssuesTab({ projectId }: { projectId: string | number }) {
  const t = useTranslate();
  const fmt = useFormatting(FIELDS);
  const [version, setVersion] = useState<number | undefined>();
  const versions = useProjectRows("version-gantt", projectId);
  const issues = useProjectIssues(projectId, version);
  const [editing, setEditing] = useState<{ record?: Row } | null>(null);
  const fixed = useMemo(() => (version === undefined ? { project_id: projectId } : { project_id: projectId, version_gantt_id: version }), [projectId, version]);
  const logFixed = useMemo(() => ({ project_id: projectId }), [projectId]);
  // Changes are not seen by the list-by-X query: it is read again after each.
  const { refetch: refetchIssues } = issues;
  const refetch = () => void refetchIssues();
  const columns = useMemo(() => buildColumns(ISSUE, FIELDS, [], fmt, { onEdit: (record) => setEditing({ record }), onDeleted: () => void refetchIssues() }), [fmt, refetchIssues]);
  return (
    <>
      <section aria-label={t("resources.issue")} style={{ marginBottom: 24 }}>
        <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 12 }} wrap>
          <Space wrap>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t("resources.issue")}
            </Typography.Title>
            <Select
              aria-label={t("project.issues.version")}
              style={{ minWidth: 220 }}
              value={version ?? "all"}
              onChange={(v) => setVersion(v === "all" ? undefined : Number(v))}
              options={[{ value: "all", label: t("project.issues.allVersions") }, ...versions.rows.map((v) => ({ value: Number(v.id), label: String(v.name) }))]}
            />
          </Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t("crud.actions.create")}
          </Button>
        </Space>
        <Table<Row>
          loading={issues.loading}
          dataSource={issues.rows}
          rowKey={(r) => String(r.id)}
          columns={columns}
          size="small"
          scroll={{ x: "max-content" }}
          pagination={{ pageSize: 10 }}
          expandable={{ expandedRowRender: (r) => <ReplyThread issueId={r.id as number} projectId={projectId} />, rowExpandable: () => true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} /> }}
        />
        <RecordFormModal
          resource="issue"
          record={editing?.record}
          fixed={fixed}
          open={!!editing}
          onClose={() => {
            setEditing(null);
            refetch();
          }}
        />
      </section>
      <EmbeddedList resource="project-issues" fixed={logFixed} title={t("resources.project-issues")} />
    </>
  );
}
