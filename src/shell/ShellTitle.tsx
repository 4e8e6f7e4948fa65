// The sider's title: the product mark and name, linking home. (ThemedTitle's look, without
// antd Typography, which would bring text areas and tooltips into the shell.)
import { useTranslation } from "@refinedev/core";
import { theme } from "antd";
import { Link } from "react-router";

const Mark = () => (
  <svg width="24" height="24" viewBox="0 0 40 40" aria-hidden="true" style={{ flex: "none" }}>
    <rect width="40" height="40" rx="10" fill="#1d4ed8" />
    <path d="M10 24a10 10 0 0 1 20 0z" fill="#fbbf24" />
    <rect x="8" y="24" width="24" height="3" rx="1.5" fill="#fbbf24" />
  </svg>
);

export function ShellTitle({ collapsed = false, onClick }: { collapsed?: boolean; onClick?: () => void }) {
  const { translate: t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link to="/" onClick={onClick} aria-label={collapsed ? t("app.name") : undefined} style={{ display: "inline-flex", alignItems: "center", gap: 8, textDecoration: "none" }}>
      <Mark />
      {collapsed ? null : <span style={{ fontSize: 15, fontWeight: 700, color: token.colorText, whiteSpace: "nowrap" }}>{t("app.name")}</span>}
    </Link>
  );
}
