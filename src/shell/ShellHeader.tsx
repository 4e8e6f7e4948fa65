// The shell's header: on narrow screens the menu button and the product's title; then the
// language switch, the user (initials or photo, name, role: a link to their Account security
// page) and logout. Plain elements with theme tokens: antd Avatar, Dropdown and Typography would
// each add to the shell's chunk.
import { useGetIdentity, useLogout, useTranslation, useWarnAboutChange } from "@refinedev/core";
import { Button, Layout, theme } from "antd";
import { LogoutOutlined, MenuOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { LanguageSwitch } from "../auth/LanguageSwitch";
import { Bell } from "../live/Bell";
import { ShellTitle } from "./ShellTitle";

interface Identity {
  name?: string;
  email?: string;
  role?: string | null;
  avatar?: string;
}

/** "Rina Kartika" → "RK"; one word gives one letter. */
export const initialsOf = (name: string | undefined): string =>
  (name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } as const;

function UserBadge({ user, compact }: { user: Identity; compact: boolean }) {
  const { token } = theme.useToken();
  const circle = { width: 32, height: 32, borderRadius: "50%", flex: "none" } as const;
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 8, minWidth: 0 }} title={compact ? user.name : undefined}>
      {user.avatar ? (
        <img src={user.avatar} alt="" style={{ ...circle, objectFit: "cover" }} />
      ) : (
        <span
          aria-hidden
          style={{
            ...circle,
            display: "inline-flex",
            alignItems: "center",
            justifyContent: "center",
            background: token.colorPrimary,
            color: token.colorTextLightSolid,
            fontSize: 13,
            fontWeight: 600,
          }}
        >
          {initialsOf(user.name)}
        </span>
      )}
      <span style={compact ? VISUALLY_HIDDEN : { display: "flex", flexDirection: "column", lineHeight: 1.25, minWidth: 0 }}>
        <strong style={{ color: token.colorText, whiteSpace: "nowrap" }}>{user.name}</strong>
        {user.role ? <span style={{ fontSize: 12, color: token.colorTextSecondary, whiteSpace: "nowrap" }}>{user.role}</span> : null}
      </span>
    </span>
  );
}

export function ShellHeader({ narrow, onOpenMenu }: { narrow: boolean; onOpenMenu: () => void }) {
  const { token } = theme.useToken();
  const { translate: t } = useTranslation();
  const { data: user } = useGetIdentity<Identity>();
  const { mutate: logout, isPending } = useLogout();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const onLogout = () => {
    // Leaving through logout loses unsaved changes as surely as navigating away.
    if (warnWhen && !window.confirm(t("warnWhenUnsavedChanges"))) return;
    setWarnWhen(false);
    logout();
  };
  return (
    <Layout.Header
      style={{
        position: "sticky",
        top: 0,
        zIndex: 10,
        display: "flex",
        alignItems: "center",
        gap: narrow ? 8 : 24,
        height: 64,
        padding: narrow ? "0 12px" : "0 24px",
        lineHeight: token.lineHeight, // not the header's 64 px: the user's name and role are two lines
        background: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {narrow ? (
        <>
          <Button type="text" icon={<MenuOutlined />} aria-label={t("shell.openMenu")} onClick={onOpenMenu} />
          <ShellTitle collapsed />
        </>
      ) : null}
      <span style={{ flex: 1 }} />
      <Bell />
      <LanguageSwitch compact={narrow} />
      {user ? (
        <Link to="/account" title={t("account.title")} style={{ display: "inline-flex", minWidth: 0, color: "inherit" }}>
          <UserBadge user={user} compact={narrow} />
          <span style={VISUALLY_HIDDEN}>{t("account.title")}</span>
        </Link>
      ) : null}
      <Button icon={<LogoutOutlined />} loading={isPending} onClick={onLogout} aria-label={narrow ? t("shell.logout") : undefined}>
        {narrow ? null : t("shell.logout")}
      </Button>
    </Layout.Header>
  );
}
