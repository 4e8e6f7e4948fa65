// "View as a user of this role" (after saving): opens the read-only session (role view-as/{id}),
// keeps the admin's own session aside and shows the product from home as the role sees it.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { startViewAs } from "../../../auth/session";
import { useNotify } from "../../../crud/useNotify";
import { callOperation } from "../../../providers/operations";

export function useViewAs(): (roleId: number) => Promise<void> {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (roleId) => {
    try {
      const session = await callOperation("role", "viewAs", { params: { id: roleId }, payload: {} });
      startViewAs(session as Parameters<typeof startViewAs>[0]);
      // Nothing the admin read may be shown as the role's.
      client.clear();
      navigate("/");
    } catch (e) {
      notify.refused(t("viewAs.failed"), e);
    }
  };
}
