// The banner of a company past its subscription's end: it reads everything but writes nothing
// (the server refuses writes with 409 read_only). Shown from what the session knows — the login
// answer's user, asked again from GET /me when the shell opens and when the tab comes back (a
// subscription may end or be renewed meanwhile) — never by trying a write. A company without an
// end date never ends: nothing is asked for it.
import { useTranslation } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "antd";
import { getStoredUser, refreshUser } from "../auth/session";
import { formatDate } from "../lib/format";

export function SubscriptionBanner() {
  const { translate: t } = useTranslation();
  // A failed read keeps what the login answer said (the HTTP layer handles an expired session).
  const stored = getStoredUser();
  const { data: user } = useQuery({
    queryKey: ["session", "me"],
    queryFn: refreshUser,
    initialData: stored,
    initialDataUpdatedAt: 0,
    retry: false,
    enabled: typeof stored?.subscription_end === "string",
  });
  if (user?.read_only !== "subscription_ended") return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      role="status"
      style={{ marginBottom: 16 }}
      message={t("subscription.endedTitle")}
      description={t("subscription.endedDetail", { date: formatDate(user.subscription_end) })}
    />
  );
}
