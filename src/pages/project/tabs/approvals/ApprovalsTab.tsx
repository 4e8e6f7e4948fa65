// Approvals: who must approve what (the generated list), approve and reject for the approver
// named on a pending one (project-approval approve/{id}, reject/{id}), and the history of the
// decided ones, latest first.
import { useMemo } from "react";
import { Button, Empty, Popconfirm, Table, Tag, Typography } from "antd";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useCan, useInvalidate, useNotification, useTranslate } from "@refinedev/core";
import { getStoredUser } from "../../../../auth/session";
import { EmbeddedList } from "../../../../crud/EmbeddedList";
import { formatDateTime } from "../../../../lib/zonedTime";
import { useProjectZone } from "../../../../crud/useTimeZones";
import { useOperationMutation } from "../../../../providers/operations";
import { useProjectRows } from "../../hooks/useProjectRows";

type Row = Record<string, unknown>;

function Decide({ record, onDone }: { record: Row; onDone: () => void }) {
  const t = useTranslate();
  const { open } = useNotification();
  const approve = useOperationMutation("project-approval", "approve");
  const reject = useOperationMutation("project-approval", "reject");
  const run = (which: typeof approve) => () =>
    which
      .run({ params: { id: record.id as number } })
      .then(() => {
        open?.({ type: "success", message: t("crud.notifications.saved") });
        onDone();
      })
      .catch((e: { message?: string }) => open?.({ type: "error", message: t("crud.notifications.saveFailed"), description: e?.message }));
  return (
    <>
      <Popconfirm title={t("project.approvals.approveConfirm")} okText={t("project.approvals.approve")} cancelText={t("crud.actions.cancel")} onConfirm={run(approve)}>
        <Button size="small" type="primary" icon={<CheckOutlined />} loading={approve.mutation.isPending}>
          {t("project.approvals.approve")}
        </Button>
      </Popconfirm>
      <Popconfirm title={t("project.approvals.rejectConfirm")} okText={t("project.approvals.reject")} okType="danger" cancelText={t("crud.actions.cancel")} onConfirm={run(reject)}>
        <Button size="small" danger icon={<CloseOutlined />} loading={reject.mutation.isPending}>
          {t("project.approvals.reject")}
        </Button>
      </Popconfirm>
    </>
  );
}

export default function ApprovalsTab({ projectId }: { projectId: string | number }) {
  const t = useTranslate();
  // The signed-in user, as the login stored it: the approver the server will check.
  const me = getStoredUser();
  const invalidate = useInvalidate();
  const fixed = useMemo(() => ({ project_id: projectId }), [projectId]);
  const zone = useProjectZone(projectId);
  const all = useProjectRows("project-approval", projectId);
  const history = useMemo(
    () => all.rows.filter((r) => r.status !== "pending").sort((a, b) => String(b.decided_at ?? b.updated_at ?? "").localeCompare(String(a.decided_at ?? a.updated_at ?? ""))),
    [all.rows],
  );
  const done = () => void invalidate({ resource: "project-approval", invalidates: ["list"] });
  // Deciding is an update: the server asks can_edit too (a refused one would sign the user out).
  const mayDecide = useCan({ resource: "project-approval", action: "edit" }).data?.can ?? false;
  const rowExtra = useMemo(
    () => (record: Row) => (mayDecide && me && Number(record.approver_id) === Number(me.id) && record.status === "pending" ? <Decide record={record} onDone={done} /> : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me?.id, mayDecide],
  );
  return (
    <>
      <EmbeddedList resource="project-approval" fixed={fixed} rowExtra={rowExtra} />
      <Typography.Title level={5}>{t("project.approvals.history")}</Typography.Title>
      <Table<Row>
        size="small"
        loading={all.loading}
        dataSource={history}
        rowKey={(r) => String(r.id)}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} /> }}
        columns={[
          { key: "title", title: t("fields.title"), dataIndex: "title" },
          { key: "approver", title: t("fields.approver_id"), render: (_: unknown, r: Row) => String(r.approver_id_label ?? t("common.missing")) },
          {
            key: "status",
            title: t("fields.status"),
            render: (_: unknown, r: Row) => <Tag color={r.status === "approved" ? "green" : "red"}>{t(`enums.status.${String(r.status)}`)}</Tag>,
          },
          { key: "decided", title: t("fields.decided_at"), render: (_: unknown, r: Row) => formatDateTime(r.decided_at, zone) },
          { key: "note", title: t("fields.note"), render: (_: unknown, r: Row) => String(r.note ?? t("common.missing")) },
        ]}
      />
    </>
  );
}
