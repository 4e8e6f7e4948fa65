// May this session call a declared operation? The web app's mirror of the server's check
// (server/access/operation-access.ts), decided by declaration/operation-refusal.ts from the
// session's menus and its read-only reason (view-as refuses every write; a company past its
// subscription every write but its renewal and a panic alarm). Only to hide or explain what the
// server would refuse: the server decides.
import type { CanReturnType } from "@refinedev/core";
import { operationRefusal, RESOURCE_BY_NAME, type ReadOnlyReason } from "../../declaration";
import { getStoredUser, getViewAs } from "../auth/session";
import type { AccessSource } from "./accessControlProvider";
import { storedSource } from "./accessControlProvider";

export type { ReadOnlyReason };

export const readOnlyReason = (): ReadOnlyReason | null => (getViewAs() ? "view_as" : getStoredUser()?.read_only === "subscription_ended" ? "subscription_ended" : null);

/** Whether the session may call `operation` (its declared name) of `resource`; the reason when not. */
export function canOperate(resource: string, operation: string, source?: AccessSource & { readOnly?: ReadOnlyReason | null }): CanReturnType {
  const r = RESOURCE_BY_NAME.get(resource);
  const op = r?.operations.find((o) => o.name === operation);
  if (!r || !op) return { can: false, reason: `no operation ${resource}.${operation}` };
  const { menus, roleType } = source ?? storedSource();
  const readOnly = source ? (source.readOnly ?? null) : readOnlyReason();
  const refusal = operationRefusal(r, op, { menus, roleType, readOnly });
  return refusal ? { can: false, reason: refusal.reason } : { can: true };
}
