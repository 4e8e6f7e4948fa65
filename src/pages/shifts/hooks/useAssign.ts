// Assigning the chosen people to a shift (api/assignPeople.ts), then reading the assignments
// again. All assigned: "saved"; some refused: who was assigned and who was not, with the first
// refusal's reason (useNotify, the generated screens' words).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { assignPeople, type AssignRequest } from "../api/assignPeople";

export function useAssign(nameOf: (id: number) => string, after: () => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const assign = async (request: AssignRequest): Promise<boolean> => {
    setBusy(true);
    try {
      const { assigned, refused } = await assignPeople(request);
      if (refused.length === 0) {
        notify.info(t("shifts.assign.done", { count: assigned.length }));
      } else {
        const message = t("shifts.assign.partial", {
          assigned: assigned.length,
          total: assigned.length + refused.length,
          names: refused.map((r) => nameOf(r.userId)).join(", "),
        });
        notify.refused(message, refused[0]!.error);
      }
      return refused.length === 0;
    } finally {
      setBusy(false);
      after();
    }
  };
  return { assign, busy };
}
