// Placeholder of the map page (a later issue): it stands apart from the shell and needs a
// signed-in user, as the spec says of map calls.
import Button from "antd/es/button";
import Typography from "antd/es/typography";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import { isSignedIn } from "../../auth/session";
import { wantToasts } from "../../lazy/toasts";

export default function MapPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(wantToasts, []);
  if (!isSignedIn()) return <Navigate to={`/login?to=${encodeURIComponent(location.pathname)}`} replace />;
  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={3}>{t("shell.mapTitle")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("shell.mapPlaceholder")}</Typography.Paragraph>
      <Link to="/">
        <Button>{t("shell.backHome")}</Button>
      </Link>
    </main>
  );
}
