// Who is acting: taken from the token only (server/auth/tokens.ts), never from the body.
import type { OperationAction } from "../../declaration";

export interface Actor {
  userId: number;
  /** null for the platform owner (and anyone else outside a company). */
  companyId: number | null;
  roleId: number | null;
  roleName: string | null;
  roleType: string | null;
  /** role_type "owner" AND no company: the platform owner. A company cannot make one. */
  isOwner: boolean;
  /** SHA-256 (hex) of the bearer token, to end this session. */
  tokenHash: string;
  /** The user's name and the request's address, for the audit log (server/audit/log.ts). */
  name?: string;
  ip?: string;
  /**
   * Reads only: every write is refused with 409 `read_only` (server/access/permissions.ts), the
   * reason in the answer's details. Set for an admin "viewing as" a role, or a company past its
   * subscription's end.
   */
  readOnly?: ReadOnlyReason;
  /** A view-as session: the admin who opened it (userId is then the user viewed as). */
  viewAsBy?: number;
}

export type ReadOnlyReason = "view_as" | "subscription_ended";

/** The right an operation needs (declaration/operations.ts). */
export type Action = OperationAction;
