// Saving the matrix: the whole role's rights in one call (replace-byrole: one transaction on the
// server). Success: what the server stored becomes the saved state. Failure: the edits stay
// marked as unsaved and the user reads that the role kept its previous rights.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useInvalidate } from "@refinedev/core";
import { useNotify } from "../../../crud/useNotify";
import { replaceRights } from "../api/rights";
import { rightsOf } from "../model/matrix";
import { useRightsStore } from "../store/rightsStore";

export function useRightsSave(roleName: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const { roleId, edited } = useRightsStore.getState();
    if (roleId === null) return;
    setSaving(true);
    try {
      const answer = await replaceRights(roleId, rightsOf(edited));
      useRightsStore.getState().stored(answer.rights);
      notify.info(t("rights.saved", { role: roleName }));
      // Generated role-menu lists show the new rows.
      void invalidate({ resource: "role-menu", invalidates: ["list"] });
    } catch (e) {
      notify.refused(t("rights.saveFailed"), e);
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
