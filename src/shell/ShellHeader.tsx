// The shell's header (ThemedHeader's look): the user's name and role, the language switch, logout.
// Plain elements with theme tokens where ThemedHeader uses Typography (kept out of the shell).
import { useGetIdentity, useLogout, useTranslation } from "@refinedev/core";
import { Avatar, Button, Layout, Space, theme } from "antd";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import type { RefineThemedLayoutHeaderProps } from "@refinedev/antd";
import { LanguageSwitch } from "../auth/LanguageSwitch";

interface Identity {
  name?: string;
  email?: string;
  role?: string | null;
  avatar?: string;
}

export function ShellHeader({ sticky = true }: RefineThemedLayoutHeaderProps) {
  const { token } = theme.useToken();
  const { translate: t } = useTranslation();
  const { data: user } = useGetIdentity<Identity>();
  const { mutate: logout, isPending } = useLogout();
  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: "flex",
        justifyContent: "flex-end",
        alignItems: "center",
        padding: "0 24px",
        height: 64,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        ...(sticky ? { position: "sticky", top: 0, zIndex: 1 } : {}),
      }}
    >
      <Space size="large" align="center">
        <LanguageSwitch />
        {user ? (
          <Space size="small" align="center">
            <Avatar size="small" src={user.avatar} icon={user.name ? undefined : <UserOutlined />} alt={user.name} style={{ backgroundColor: token.colorPrimary }}>
              {user.name?.trim().charAt(0).toUpperCase()}
            </Avatar>
            <span style={{ display: "flex", flexDirection: "column", lineHeight: 1.25 }}>
              <strong style={{ color: token.colorText }}>{user.name}</strong>
              {user.role ? <span style={{ fontSize: 12, color: token.colorTextSecondary }}>{user.role}</span> : null}
            </span>
          </Space>
        ) : null}
        <Button icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()}>
          {t("shell.logout")}
        </Button>
      </Space>
    </Layout.Header>
  );
}
