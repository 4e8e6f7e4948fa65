// The company's subscription as the login answer and GET /api/me say it (docs/api.md "Auth"),
// from the mock's company row, decided by the server's own rule.
import { subscriptionState } from "../../server/access/subscription";
import type { MockDb } from "./db";

export function mockSubscription(db: MockDb, companyId: number | null): ReturnType<typeof subscriptionState> {
  const company = db.rows("company-management").find((c) => c.id === db.companyId);
  return subscriptionState(companyId, company?.subscription_end, company?.time_zone);
}
