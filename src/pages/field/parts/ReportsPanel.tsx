// The worker's own K3 reports and permits (sick leave with a photo among them): the latest few
// with their review status, and the generated forms (RecordFormModal) to file a new one. The
// worker is the person of a permit and the reporter of a report (set by the server); the review
// status starts where the declaration says and is the reviewer's to change.
import { FileProtectOutlined, SafetyOutlined } from "@ant-design/icons";
import { useList, type CrudFilter } from "@refinedev/core";
import { Button, Card, Flex, List, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { resourceByName } from "../../../../declaration";
import { RecordFormModal } from "../../../crud/RecordFormModal";
import { canAccess } from "../../../providers/accessControlProvider";

const RECENT = 5;
const defaultOf = (resource: "permit" | "report-k3", field: string) => resourceByName(resource).fields.find((f) => f.name === field)?.default;
const dateText = (v: unknown) => (typeof v === "string" && v ? dayjs(v).format("DD-MM-YYYY") : "-");
const STATUS_COLOUR: Record<string, string> = { pending: "gold", open: "gold", in_review: "blue", approved: "green", closed: "green", rejected: "red" };

function useMine(resource: "permit" | "report-k3", filter: CrudFilter, order: string, enabled: boolean) {
  const { result, query } = useList({
    resource,
    filters: [filter],
    sorters: [{ field: order, order: "desc" }],
    pagination: { currentPage: 1, pageSize: RECENT },
    queryOptions: { enabled },
  });
  return { rows: result.data ?? [], loading: query.isPending && enabled };
}

export function ReportsPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"permit" | "report-k3" | null>(null);
  const mayPermit = canAccess("permit", "create").can;
  const mayReport = canAccess("report-k3", "create").can;
  const seePermits = canAccess("permit", "list").can;
  const seeReports = canAccess("report-k3", "list").can;
  const permits = useMine("permit", { field: "user_id", operator: "eq", value: userId }, "absent_date", seePermits);
  const reports = useMine("report-k3", { field: "reporter_id", operator: "eq", value: userId }, "report_date", seeReports);
  // Stable objects: the form resets when what it is given changes.
  const permitFixed = useMemo(() => ({ user_id: userId, status: defaultOf("permit", "status") }), [userId]);
  const reportFixed = useMemo(() => ({ status: defaultOf("report-k3", "status") }), []);
  if (!seePermits && !seeReports) return null;
  const status = (v: unknown) => (typeof v === "string" && v ? <Tag color={STATUS_COLOUR[v]}>{t(`enums.status.${v}`)}</Tag> : null);

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("field.reports.title")}</h2>}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          {mayPermit ? (
            <Button size="large" icon={<FileProtectOutlined aria-hidden />} onClick={() => setOpen("permit")}>
              {t("field.reports.newPermit")}
            </Button>
          ) : null}
          {mayReport ? (
            <Button size="large" icon={<SafetyOutlined aria-hidden />} onClick={() => setOpen("report-k3")}>
              {t("field.reports.newReport")}
            </Button>
          ) : null}
        </Flex>
        {seePermits ? (
          <List
            size="small"
            header={<h3 style={{ fontSize: 14, margin: 0 }}>{t("field.reports.myPermits")}</h3>}
            loading={permits.loading}
            dataSource={permits.rows}
            rowKey="id"
            locale={{ emptyText: <Typography.Text type="secondary">{t("field.reports.none")}</Typography.Text> }}
            renderItem={(p) => (
              <List.Item extra={status(p.status)}>
                <Typography.Text>
                  {t(`enums.permit_type.${String(p.permit_type)}`)} · {dateText(p.absent_date)}
                  {p.end_date && p.end_date !== p.absent_date ? ` – ${dateText(p.end_date)}` : ""}
                </Typography.Text>
              </List.Item>
            )}
          />
        ) : null}
        {seeReports ? (
          <List
            size="small"
            header={<h3 style={{ fontSize: 14, margin: 0 }}>{t("field.reports.myReports")}</h3>}
            loading={reports.loading}
            dataSource={reports.rows}
            rowKey="id"
            locale={{ emptyText: <Typography.Text type="secondary">{t("field.reports.none")}</Typography.Text> }}
            renderItem={(r) => (
              <List.Item extra={status(r.status)}>
                <Typography.Text>
                  {String(r.title ?? "-")} · {dateText(r.report_date)}
                </Typography.Text>
              </List.Item>
            )}
          />
        ) : null}
      </Flex>
      {/* The review status is the reviewer's: sent at its declared start, not asked. */}
      <RecordFormModal resource="permit" open={open === "permit"} onClose={() => setOpen(null)} fixed={permitFixed} />
      <RecordFormModal resource="report-k3" open={open === "report-k3"} onClose={() => setOpen(null)} fixed={reportFixed} />
    </Card>
  );
}
