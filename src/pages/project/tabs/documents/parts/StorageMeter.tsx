// The company's storage use against its package's quota, shown beside the upload area.
import { Progress, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import type { StorageInfo } from "../../../../../../declaration/answers";
import { formatBytes } from "../model/files";

export function StorageMeter({ storage }: { storage: StorageInfo | undefined }) {
  const t = useTranslate();
  if (!storage) return null;
  const used = formatBytes(storage.used_bytes);
  if (storage.quota_bytes === null) return <Typography.Text type="secondary">{t("documents.storageNoQuota", { used })}</Typography.Text>;
  const percent = storage.quota_bytes > 0 ? Math.min(100, (100 * storage.used_bytes) / storage.quota_bytes) : 100;
  return (
    <div aria-label={t("documents.storage")} role="group">
      <Typography.Text type="secondary">{t("documents.storageUse", { used, quota: formatBytes(storage.quota_bytes), count: storage.file_count })}</Typography.Text>
      <Progress percent={Math.round(percent * 10) / 10} status={percent >= 90 ? "exception" : "normal"} size="small" aria-label={t("documents.storage")} />
    </div>
  );
}
