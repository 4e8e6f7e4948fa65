// A company's storage used against its quota: the figures and a bar (red from 90 %).
import { Progress, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import type { StorageInfo } from "../../../../declaration/answers";
import { formatBytes } from "../../project/tabs/documents/model/files";

export function StorageCell({ storage, lang }: { storage: StorageInfo | undefined; lang: string }) {
  const t = useTranslate();
  if (!storage) return <Typography.Text type="secondary">-</Typography.Text>;
  const used = formatBytes(storage.used_bytes, lang);
  if (storage.quota_bytes === null) return <Typography.Text>{t("companies.storageNoQuota", { used })}</Typography.Text>;
  const percent = storage.quota_bytes > 0 ? Math.min(100, (100 * storage.used_bytes) / storage.quota_bytes) : 100;
  return (
    <div style={{ minWidth: 160 }}>
      <Typography.Text>{t("companies.storageUse", { used, quota: formatBytes(storage.quota_bytes, lang) })}</Typography.Text>
      <Progress percent={Math.round(percent * 10) / 10} status={percent >= 90 ? "exception" : "normal"} size="small" showInfo={false} aria-label={t("companies.storage")} />
    </div>
  );
}
