// The matrix's typed operation calls (src/providers/operations.ts).
import type { RoleRight, SavedRights } from "../../../../declaration/answers";
import { callOperation } from "../../../providers/operations";

/** PUT role-menu/replace-byrole/{role_id}: the role's rights at once (one transaction on the server). */
export const replaceRights = (roleId: number, rights: RoleRight[]): Promise<SavedRights> =>
  callOperation("role-menu", "replaceByrole", { params: { role_id: roleId }, payload: { rights } });
