// The company's storage use against its package's quota (information-storage/{company_id}).
import { getStoredUser } from "../../../../../auth/session";
import { useOperation } from "../../../../../providers/operations";

export function useStorage() {
  const companyId = getStoredUser()?.company_id;
  const { data, query } = useOperation("information-storage", "one", { params: { company_id: companyId ?? 0 }, enabled: companyId !== null && companyId !== undefined });
  return { storage: data, refetch: () => void query.refetch() };
}
