// The sider's title: the product mark and name.
import { ThemedTitle } from "@refinedev/antd";
import type { RefineLayoutThemedTitleProps } from "@refinedev/antd";
import { useTranslation } from "@refinedev/core";

const Mark = () => (
  <svg width="24" height="24" viewBox="0 0 40 40" aria-hidden="true">
    <rect width="40" height="40" rx="10" fill="#1d4ed8" />
    <path d="M10 24a10 10 0 0 1 20 0z" fill="#fbbf24" />
    <rect x="8" y="24" width="24" height="3" rx="1.5" fill="#fbbf24" />
  </svg>
);

export function ShellTitle({ collapsed }: RefineLayoutThemedTitleProps) {
  const { translate: t } = useTranslation();
  return <ThemedTitle collapsed={collapsed} icon={<Mark />} text={t("app.name")} />;
}
