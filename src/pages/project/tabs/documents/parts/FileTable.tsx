// The files of the picked folder: name, size, type, who uploaded them and when; preview of
// images and PDFs, download, delete with the spec's confirmation.
import { Button, Empty, Space, Table } from "antd";
import { DownloadOutlined, EyeOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { DeleteAction } from "../../../../../crud/DeleteAction";
import { formatText } from "../../../../../lib/format";
import { formatDateTime } from "../../../../../lib/zonedTime";
import { useProjectZone } from "../../../../../crud/useTimeZones";
import { formatBytes, previewKind } from "../model/files";
import type { DocumentRow } from "../model/folders";

interface Props {
  files: readonly DocumentRow[];
  loading: boolean;
  onPreview: (doc: DocumentRow) => void;
  onDownload: (doc: DocumentRow) => void;
  onDeleted: () => void;
  /** The project the files belong to: their times are in its zone. */
  projectId: string | number;
}

export function FileTable({ files, loading, onPreview, onDownload, onDeleted, projectId }: Props) {
  const t = useTranslate();
  const zone = useProjectZone(projectId);
  const { i18n } = useTranslation();
  return (
    <Table<DocumentRow>
      size="small"
      loading={loading}
      dataSource={[...files]}
      rowKey={(r) => String(r.id)}
      scroll={{ x: "max-content" }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} /> }}
      columns={[
        { key: "name", title: t("documents.name"), render: (_, r) => formatText(r.name), sorter: (a, b) => String(a.name).localeCompare(String(b.name)) },
        { key: "size", title: t("documents.size"), render: (_, r) => formatBytes(r.size, i18n.language), sorter: (a, b) => Number(a.size) - Number(b.size) },
        { key: "mime", title: t("documents.type"), render: (_, r) => formatText(r.mime) },
        { key: "by", title: t("documents.uploadedBy"), render: (_, r) => formatText(r.uploaded_by_label) },
        { key: "at", title: t("documents.uploadedAt"), render: (_, r) => formatDateTime(r.created_at, zone) },
        {
          key: "actions",
          title: t("table.actions"),
          render: (_, r) => (
            <Space>
              {previewKind(r.mime) && (
                <Button size="small" icon={<EyeOutlined />} aria-label={t("documents.preview")} title={t("documents.preview")} onClick={() => onPreview(r)} />
              )}
              <Button size="small" icon={<DownloadOutlined />} aria-label={t("documents.download")} title={t("documents.download")} onClick={() => onDownload(r)} />
              <DeleteAction resource="document-project" id={r.id as number} record={{ project_id: r.project_id, id: r.id }} hideText size="small" onSuccess={onDeleted} />
            </Space>
          ),
        },
      ]}
    />
  );
}
