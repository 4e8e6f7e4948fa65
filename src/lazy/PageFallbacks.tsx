// What a lazy page shows while loading ('Loading...') and when its chunk failed (with Retry).
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import { useTranslation } from "react-i18next";
import { PageLoadTimeoutError } from "./withTimeout";

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: "flex", minHeight: "40vh", alignItems: "center", justifyContent: "center", color: "rgba(0,0,0,0.45)" }}>
      {t("common.loading")}
    </div>
  );
}

export function PageLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof PageLoadTimeoutError ? t("lazy.timeout", { seconds: Math.round(error.timeoutMs / 1000) }) : t("lazy.loadErrorDetail");
  return (
    <div style={{ maxWidth: 520, margin: "15vh auto", padding: 16 }}>
      <Alert
        type="error"
        showIcon
        message={t("lazy.loadError")}
        description={detail}
        action={
          <Button size="small" type="primary" onClick={onRetry}>
            {t("lazy.retry")}
          </Button>
        }
      />
    </div>
  );
}
