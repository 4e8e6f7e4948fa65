// material-resource / tools-resource stock/{id}: the item's stock per site (docs/api.md "Material and tool requests").
import type { Catalogue } from "../../../../declaration/requests";
import { useOperation } from "../../../providers/operations";

export function useSiteStock(resource: Catalogue, id: number) {
  const { data, query } = useOperation(resource, "stock", { params: { id }, enabled: Number.isFinite(id) });
  return { sites: data ?? [], loading: query.isLoading, failed: query.isError };
}
