// The timesheet of the filters (GET timesheet/search through useOperation: cached and refetched
// as any query; a failed read is told by the notification provider), and the selects' options
// (projects, divisions, shifts, people) through the data provider.
import { useList } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { failedNotification } from "../../../crud/notifications";
import { useOperation } from "../../../providers/operations";
import { searchQuery, type TimesheetFilters } from "../model/filters";

export function useTimesheet(filters: TimesheetFilters) {
  const { data, query } = useOperation("timesheet", "search", { query: searchQuery(filters) });
  return { data, loading: query.isFetching, reload: () => query.refetch() };
}

interface Named {
  id: number;
  name: string;
}

export function useFilterOptions() {
  const { t } = useTranslation();
  const errorNotification = failedNotification(t, "loadFailed");
  const opts = { pagination: { mode: "off" as const }, errorNotification };
  const projects = useList<Named>({ resource: "project", ...opts });
  const divisions = useList<Named>({ resource: "divisi", ...opts });
  const shifts = useList<Named>({ resource: "shift", ...opts });
  const people = useList<Named>({ resource: "human-resource", ...opts });
  const options = (rows: readonly Named[] | undefined) => (rows ?? []).map((r) => ({ value: Number(r.id), label: String(r.name ?? r.id) }));
  return {
    projects: options(projects.result.data),
    divisions: options(divisions.result.data),
    shifts: options(shifts.result.data),
    people: options(people.result.data),
  };
}
