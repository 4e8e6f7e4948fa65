// The board's data: every sales contact (sales-contact/search), and the demo requests to show on
// their cards (demo-management/search, when the role may read them). A move is applied on the
// board at once and sent as sales-contact/update/{id} with the new status; when the server
// refuses, the card goes back and the failure is said as the generated screens say theirs.
import { useList, useUpdate } from "@refinedev/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { failedNotification } from "../../../crud/notifications";
import { useNotify } from "../../../crud/useNotify";
import { canAccess } from "../../../providers/accessControlProvider";
import { useTranslation } from "react-i18next";
import { demosByEmail, moveContact, revertMove, type Contact, type DemoRequest } from "../model/pipeline";

export function usePipeline() {
  const { t } = useTranslation();
  const notify = useNotify();
  const contactsQuery = useList<Contact>({
    resource: "sales-contact",
    pagination: { mode: "off" },
    errorNotification: failedNotification(t, "loadFailed"),
  });
  const seeDemos = canAccess("demo-management", "list").can;
  const demosQuery = useList<DemoRequest>({
    resource: "demo-management",
    pagination: { mode: "off" },
    queryOptions: { enabled: seeDemos },
    errorNotification: failedNotification(t, "loadFailed"),
  });
  const loaded = contactsQuery.result.data;
  const [contacts, setContacts] = useState<Contact[]>([]);
  // The board as the user sees it, for a move started while another is on its way.
  const current = useRef<Contact[]>(contacts);
  const apply = useCallback((next: (c: Contact[]) => Contact[]) => {
    current.current = next(current.current);
    setContacts(current.current);
  }, []);
  useEffect(() => {
    if (loaded) apply(() => loaded.map((c) => ({ ...c, id: Number(c.id) })));
  }, [loaded, apply]);
  const demos = useMemo(() => demosByEmail(demosQuery.result.data ?? []), [demosQuery.result.data]);

  const { mutateAsync } = useUpdate();
  const move = useCallback(
    async (id: number, to: string): Promise<boolean> => {
      const m = moveContact(current.current, id, to);
      if (!m) return false;
      apply(() => m.contacts);
      try {
        await mutateAsync({
          resource: "sales-contact",
          id,
          values: { status: to },
          mutationMode: "pessimistic",
          successNotification: false,
          errorNotification: false,
          // The board is already as the server has it: nothing to refetch.
          invalidates: [],
        });
        return true;
      } catch (e) {
        apply((now) => revertMove(now, m));
        notify.failed("saveFailed", e);
        return false;
      }
    },
    [apply, mutateAsync, notify],
  );

  return { contacts, demos, move, loading: contactsQuery.query.isPending };
}
