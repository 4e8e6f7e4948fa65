// Pick or drop several files; each shows its own progress bar, and a refused file its reason,
// while the others go on.
import { Button, Progress, Typography, Upload } from "antd";
import { CloudUploadOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { UploadItem } from "../hooks/useUploads";
import { formatBytes } from "../model/files";

interface Props {
  items: readonly UploadItem[];
  onFiles: (files: File[]) => void;
  onClear: () => void;
}

export function UploadArea({ items, onFiles, onClear }: Props) {
  const t = useTranslate();
  const { i18n } = useTranslation();
  return (
    <div>
      <Upload.Dragger
        multiple
        showUploadList={false}
        // antd calls this once per file; the batch is taken from the list it passes with the first.
        beforeUpload={(file, list) => {
          if (file === list[0]) onFiles(list as File[]);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <CloudUploadOutlined />
        </p>
        <p className="ant-upload-text">{t("documents.dropHere")}</p>
        <p className="ant-upload-hint">{t("documents.dropHint")}</p>
      </Upload.Dragger>
      {items.length > 0 && (
        <ul aria-label={t("documents.uploads")} style={{ listStyle: "none", padding: 0, margin: "12px 0 0" }}>
          {items.map((i) => (
            <li key={i.uid} data-testid="upload-item" data-status={i.status} style={{ marginBottom: 8 }}>
              <Typography.Text strong>{i.name}</Typography.Text> <Typography.Text type="secondary">({formatBytes(i.size, i18n.language)})</Typography.Text>
              <Progress percent={i.percent} size="small" aria-label={i.name} status={i.status === "error" ? "exception" : i.status === "done" ? "success" : "active"} />
              {i.error && (
                <Typography.Text type="danger" role="alert">
                  {i.error}
                </Typography.Text>
              )}
            </li>
          ))}
          <li>
            <Button size="small" onClick={onClear}>
              {t("documents.clearList")}
            </Button>
          </li>
        </ul>
      )}
    </div>
  );
}
