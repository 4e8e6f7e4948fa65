// What waits for the user: the project approvals naming them as approver, still pending, and the
// material and tool requests still "requested" (the server keeps to the rows they may see).
import { pendingApprovals, stillRequested } from "../model/cardFilters";
import { useCount } from "./useCount";

export function useWaiting(userId: number | undefined, may: { approvals: boolean; materials: boolean; tools: boolean }) {
  const approvals = useCount("project-approval", pendingApprovals(userId), { enabled: may.approvals && userId !== undefined, pageSize: 1 });
  const materials = useCount("request-material", stillRequested(), { enabled: may.materials, pageSize: 1 });
  const tools = useCount("req-tools", stillRequested(), { enabled: may.tools, pageSize: 1 });
  // The approvals wait for the user's id (the identity) before they are asked.
  return { approvals: { ...approvals, loading: approvals.loading || (may.approvals && userId === undefined) }, materials, tools };
}
