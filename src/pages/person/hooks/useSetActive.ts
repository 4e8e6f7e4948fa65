// Disable or enable a person (human-resource disable/{id}, enable/{id}): the server ends their
// sessions and device keys at once; the person's record and the staff list are asked again.
import { useInvalidate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { useOperationMutation } from "../../../providers/operations";

export function useSetActive(id: number, name: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const disable = useOperationMutation("human-resource", "disable");
  const enable = useOperationMutation("human-resource", "enable");
  const run = async (active: boolean) => {
    try {
      await (active ? enable : disable).run({ params: { id } });
      notify.info(t(active ? "staff.enabledDone" : "staff.disabledDone", { name }));
      await invalidate({ resource: "human-resource", invalidates: ["list", "detail"], id });
    } catch (e) {
      notify.failed("saveFailed", e);
    }
  };
  return { run, busy: disable.mutation.isPending || enable.mutation.isPending };
}
