// The role's menus with its rights (menu/management/{role_id}), loaded into the matrix's store
// when they come (and again when the role changes).
import { useEffect } from "react";
import { useOperation } from "../../../providers/operations";
import { useRightsStore } from "../store/rightsStore";

export function useRoleMenus(roleId: number) {
  const { data, query } = useOperation("menu", "management", { params: { role_id: roleId } });
  const load = useRightsStore((s) => s.load);
  useEffect(() => {
    if (data) load(roleId, data);
  }, [data, roleId, load]);
  return { loading: query.isLoading, error: query.error };
}
