// The owner's sales figures (sales-summary/summary). Asked only by the platform owner: the answer
// is 403 owner_only for anyone else, and a 403 ends the web app's session.
import { getRoleType } from "../../../auth/session";
import { useOperation } from "../../../providers/operations";

export function useSalesSummary() {
  const owner = getRoleType() === "owner";
  const { data, query } = useOperation("sales-summary", "summary", { enabled: owner });
  return { owner, summary: data, loading: owner && query.isPending };
}
