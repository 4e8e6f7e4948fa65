// While an admin views the product as a role (role view-as/{id}): a banner over every page of the
// shell saying whose view this is and that it is read-only, with the way back to their own
// session (its token ends on the server, which logs it). Shown from the stored session
// (src/auth/session.ts getViewAs), never by provoking a refusal.
import { Alert, Button } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { getStoredUser, getViewAs, leaveViewAs } from "../auth/session";
import { useSessionVersion } from "../auth/useSessionVersion";

export function ViewAsBanner() {
  const { t } = useTranslation();
  useSessionVersion();
  const client = useQueryClient();
  const navigate = useNavigate();
  const viewAs = getViewAs();
  if (!viewAs) return null;
  const back = async () => {
    const roleId = viewAs.role_id;
    await leaveViewAs();
    // Nothing read as the role may stay on screen for the admin.
    client.clear();
    navigate(`/role-menu?role=${roleId}`);
  };
  return (
    <Alert
      banner
      type="warning"
      role="alert"
      data-testid="view-as-banner"
      message={t("viewAs.banner", { user: getStoredUser()?.name ?? "", role: viewAs.role_name })}
      description={t("viewAs.readOnly")}
      action={
        <Button size="small" type="primary" onClick={() => void back()}>
          {t("viewAs.back")}
        </Button>
      }
    />
  );
}
