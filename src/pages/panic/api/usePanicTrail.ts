// panic-button trail/{id}: the alarm's steps, oldest first (docs/api.md "Panic escalation and trail").
import { useOperation } from "../../../providers/operations";

export function usePanicTrail(id: number) {
  const { data, query } = useOperation("panic-button", "trail", { params: { id }, enabled: Number.isFinite(id) });
  return { steps: data ?? [], loading: query.isLoading, failed: query.isError };
}
