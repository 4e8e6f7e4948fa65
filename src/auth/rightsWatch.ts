// Users of a changed role get the new sider at their next request, without signing in again:
// every authenticated answer carries `X-Rights`, a stamp of the session's role and menus
// (server/auth/rights-stamp.ts). When it differs from the one last seen, the session is asked
// again (GET /api/session) and stored: the sider, home and the no-access guard re-render from
// the new menus, and Refine's cached permission answers are dropped. (The event stream may also
// announce a rights change; it would call the same refresh.)
import type { AxiosInstance, AxiosResponse } from "axios";
import { STORAGE_KEYS } from "./storageKeys";
import { refreshSession } from "./session";

const HEADER = "x-rights";
let refreshing: Promise<unknown> | null = null;

/** Asks the session again (one at a time); `then` runs after a successful refresh. */
export function refreshRights(then?: () => void): Promise<unknown> {
  refreshing ??= refreshSession()
    .then(then)
    .catch(() => {
      // The next answer's stamp asks again.
      localStorage.removeItem(STORAGE_KEYS.rights);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Watches a client's answers for a changed stamp; answers the function that stops watching. */
export function watchRights(client: AxiosInstance, onChanged: () => void): () => void {
  const id = client.interceptors.response.use((res: AxiosResponse) => {
    const stamp = res.headers?.[HEADER];
    if (typeof stamp === "string" && stamp && !res.config.skipAuth) {
      const known = localStorage.getItem(STORAGE_KEYS.rights);
      localStorage.setItem(STORAGE_KEYS.rights, stamp);
      if (known !== null && known !== stamp) void refreshRights(onChanged);
    }
    return res;
  });
  return () => client.interceptors.response.eject(id);
}
