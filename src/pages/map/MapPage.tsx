// Placeholder of the map page (a later issue): a full-screen bespoke page (src/crud/bespoke.ts),
// routed inside <Refine> without the shell's layout; the route's <Authenticated> asks for the
// signed-in user the spec's map calls need.
import Button from "antd/es/button";
import Typography from "antd/es/typography";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { wantToasts } from "../../lazy/toasts";

export default function MapPage() {
  const { t } = useTranslation();
  useEffect(wantToasts, []);
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
