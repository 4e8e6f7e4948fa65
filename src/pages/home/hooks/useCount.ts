// A count (and the first rows) of a resource's search under filters, through the data provider:
// the card's own loading state and error, no toast (the card shows its error).
import { useList, type BaseRecord, type CrudFilter, type CrudSort } from "@refinedev/core";

export interface CountRead<T extends BaseRecord = BaseRecord> {
  total: number;
  rows: T[];
  loading: boolean;
  error: unknown;
}

export function useCount<T extends BaseRecord = BaseRecord>(
  resource: string,
  filters: CrudFilter[],
  o: { enabled: boolean; sorters?: CrudSort[]; pageSize?: number },
): CountRead<T> {
  const { result, query } = useList<T>({
    resource,
    filters,
    sorters: o.sorters,
    pagination: { currentPage: 1, pageSize: o.pageSize ?? 5 },
    queryOptions: { enabled: o.enabled },
    errorNotification: false,
  });
  return { total: result.total ?? 0, rows: result.data ?? [], loading: o.enabled && query.isPending, error: query.error };
}
