// Per company what its record does not hold: storage used against the quota
// (information-storage-all-company) and its people (company-management/user-counts), by company id.
import { useMemo } from "react";
import type { CompanyUserCount, StorageInfo } from "../../../../declaration/answers";
import { useOperation } from "../../../providers/operations";

export interface CompanyFigures {
  storage: Map<number, StorageInfo>;
  users: Map<number, CompanyUserCount>;
}

export function useCompanyFigures(): CompanyFigures {
  const { data: storage } = useOperation("information-storage-all-company", "list");
  const { data: users } = useOperation("company-management", "userCounts");
  return useMemo(
    () => ({
      storage: new Map((storage ?? []).map((s) => [s.company_id, s])),
      users: new Map((users ?? []).map((u) => [u.company_id, u])),
    }),
    [storage, users],
  );
}
