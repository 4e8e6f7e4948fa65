// Mounted with the signed-in shell: watches the API's answers for a changed rights stamp
// (src/auth/rightsWatch.ts) and, once the session is asked again, drops Refine's cached
// permission and identity answers so buttons and the header follow the new rights.
import { keys } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { watchRights } from "../auth/rightsWatch";
import { apiClient } from "../http/clients";

export function RightsWatcher(): null {
  const client = useQueryClient();
  useEffect(
    () =>
      watchRights(apiClient, () => {
        void client.invalidateQueries({ queryKey: keys().access().get() });
        void client.invalidateQueries({ queryKey: keys().auth().get() });
      }),
    [client],
  );
  return null;
}
