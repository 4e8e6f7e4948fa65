// The unit (satuan) a request's quantity is counted in: its material's satuan (material-resource
// satuan_id_label, read through the data provider); tools are counted in pieces (no satuan).
import { useOne } from "@refinedev/core";
import type { RequestResource } from "../../../../declaration/requests";

export function useItemUnit(resource: RequestResource, record: Record<string, unknown>): string | null {
  const materialId = resource === "request-material" ? (record.material_resource_id as number | string | null | undefined) : null;
  const { result } = useOne<{ satuan_id_label?: string | null }>({
    resource: "material-resource",
    id: materialId ?? "",
    queryOptions: { enabled: materialId !== null && materialId !== undefined && materialId !== "" },
    errorNotification: false,
  });
  return materialId ? (result?.satuan_id_label ?? null) : null;
}
