// Per company what its record does not hold: storage used against the quota and its people
// (company-management/user-counts), by company id. Storage: every company's
// (information-storage-all-company) for the platform owner; anyone else given this menu sees only
// their own company, and asks for its storage alone (the all-company answer is 403 owner_only for
// them, and a 403 ends the web app's session).
import { useMemo } from "react";
import type { CompanyUserCount, StorageInfo } from "../../../../declaration/answers";
import { getRoleType, getStoredUser } from "../../../auth/session";
import { useOperation } from "../../../providers/operations";

export interface CompanyFigures {
  storage: Map<number, StorageInfo>;
  users: Map<number, CompanyUserCount>;
}

export function useCompanyFigures(): CompanyFigures {
  const owner = getRoleType() === "owner";
  const ownCompany = getStoredUser()?.company_id ?? null;
  const { data: all } = useOperation("information-storage-all-company", "list", { enabled: owner });
  const { data: own } = useOperation("information-storage", "one", { params: { company_id: ownCompany ?? 0 }, enabled: !owner && ownCompany !== null });
  const { data: users } = useOperation("company-management", "userCounts");
  return useMemo(() => {
    const storage = owner ? (all ?? []) : own ? [own] : [];
    return { storage: new Map(storage.map((s) => [s.company_id, s])), users: new Map((users ?? []).map((u) => [u.company_id, u])) };
  }, [owner, all, own, users]);
}
