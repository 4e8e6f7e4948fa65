// What a page outside the user's role shows in its place (a bookmark, a shared link, a typed URL):
// the shell knows the role's menus and rights (src/providers/accessControlProvider.ts), so the
// page is not loaded and nothing is asked of the server, whose 403 would end the session
// (the spec's error catalogue). A way home, in the user's language.
import { useTranslation } from "@refinedev/core";
import { Button, Empty, theme } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";

export function NoAccess() {
  const { translate: t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <div style={{ padding: "64px 16px", display: "flex", justifyContent: "center" }}>
      <Empty
        image={<LockOutlined aria-hidden style={{ fontSize: 48, color: token.colorTextTertiary }} />}
        styles={{ image: { height: "auto" } }}
        description={
          <>
            <h1 style={{ margin: "0 0 8px", fontSize: 20, fontWeight: 600, color: token.colorTextHeading }}>{t("shell.noAccess.title")}</h1>
            <p style={{ margin: 0, maxWidth: 420, color: token.colorTextSecondary }}>{t("shell.noAccess.detail")}</p>
          </>
        }
      >
        <Button type="primary" onClick={() => navigate("/")}>
          {t("pages.error.backHome")}
        </Button>
      </Empty>
    </div>
  );
}
