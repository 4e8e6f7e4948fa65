// The shell's header (ThemedHeader's look): the user's name and role, the language switch, logout.
import { useGetIdentity, useLogout, useTranslation } from "@refinedev/core";
import { Avatar, Button, Layout, Space, Typography, theme } from "antd";
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
              <Typography.Text strong>{user.name}</Typography.Text>
              {user.role ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {user.role}
                </Typography.Text>
              ) : null}
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
