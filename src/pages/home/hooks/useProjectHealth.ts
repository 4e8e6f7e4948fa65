// Schedule and cost health of the active projects (status in_progress): the latest schedule and
// financial health report of each, counted by status.
import { useMemo } from "react";
import { healthOf, type HealthReport } from "../model/dashboard";
import { useCount } from "./useCount";

const LATEST = [{ field: "report_date", order: "desc" as const }];
const MANY = 500;

export function useProjectHealth(may: { schedule: boolean; cost: boolean }) {
  const active = useCount<{ id: number }>("project", [{ field: "status", operator: "eq", value: "in_progress" }], {
    enabled: may.schedule || may.cost,
    pageSize: MANY,
  });
  const schedule = useCount<HealthReport>("project-schedule-health", [], { enabled: may.schedule, sorters: LATEST, pageSize: MANY });
  const cost = useCount<HealthReport>("project-financial-health", [], { enabled: may.cost, sorters: LATEST, pageSize: MANY });
  const ids = useMemo(() => new Set(active.rows.map((p) => Number(p.id))), [active.rows]);
  return {
    activeCount: active.total,
    schedule: may.schedule ? healthOf(schedule.rows, ids) : null,
    cost: may.cost ? healthOf(cost.rows, ids) : null,
    loading: active.loading || schedule.loading || cost.loading,
    error: active.error ?? schedule.error ?? cost.error,
  };
}
