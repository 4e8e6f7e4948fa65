// The sider: Refine's menu from the resources (grouped under the menu groups through
// meta.parent; items the access control denies are hidden), with Home first. Logout lives in
// the header.
import { ThemedSider, type RefineThemedLayoutSiderProps } from "@refinedev/antd";
import { useTranslation } from "@refinedev/core";
import { Menu } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { Link } from "react-router";

export function ShellSider(props: RefineThemedLayoutSiderProps) {
  const { translate: t } = useTranslation();
  return (
    <ThemedSider
      {...props}
      fixed
      render={({ items }) => [
        <Menu.Item key="/" icon={<HomeOutlined />}>
          <Link to="/">{t("shell.home")}</Link>
        </Menu.Item>,
        ...items,
      ]}
    />
  );
}
