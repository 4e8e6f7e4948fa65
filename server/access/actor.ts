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
}

/** The right an operation needs (declaration/operations.ts). */
export type Action = OperationAction;
