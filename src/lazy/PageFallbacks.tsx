// What a lazy page shows while loading ('Loading...') and when its chunk failed (with Retry).
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import theme from "antd/es/theme";
import { useTranslation } from "react-i18next";
import { PageLoadTimeoutError } from "./withTimeout";

export function PageLoading() {
  const { t } = useTranslation();
  // The theme's readable grey (src/theme.ts): 0.45 black reads at 3.3:1 on the layout's grey.
  const { token } = theme.useToken();
  return (
    <div role="status" aria-live="polite" style={{ display: "flex", minHeight: "40vh", alignItems: "center", justifyContent: "center", color: token.colorTextDescription }}>
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
