// The company's storage use against its package's quota, shown beside the upload area.
import { Progress, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { StorageInfo } from "../../../../../../declaration/answers";
import { formatBytes } from "../model/files";

export function StorageMeter({ storage }: { storage: StorageInfo | undefined }) {
  const t = useTranslate();
  const { i18n } = useTranslation();
  if (!storage) return null;
  const used = formatBytes(storage.used_bytes, i18n.language);
  if (storage.quota_bytes === null) return <Typography.Text type="secondary">{t("documents.storageNoQuota", { used })}</Typography.Text>;
  const percent = storage.quota_bytes > 0 ? Math.min(100, (100 * storage.used_bytes) / storage.quota_bytes) : 100;
  return (
    <div aria-label={t("documents.storage")} role="group">
      <Typography.Text type="secondary">{t("documents.storageUse", { used, quota: formatBytes(storage.quota_bytes, i18n.language), count: storage.file_count })}</Typography.Text>
      <Progress percent={Math.round(percent * 10) / 10} status={percent >= 90 ? "exception" : "normal"} size="small" aria-label={t("documents.storage")} />
    </div>
  );
}
