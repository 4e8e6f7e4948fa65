// The company's rules with their recipients, and the staff to pick recipients from.
import { useList } from "@refinedev/core";
import { useMemo } from "react";
import { storedRules } from "../model/rules";

/** A company's staff in one select (searchable in the browser). */
export const STAFF_PAGE_SIZE = 500;

export function useAlertRules() {
  const rules = useList({ resource: "config-alert", pagination: { mode: "off" } });
  const recipients = useList({ resource: "config-alert-to-user", pagination: { mode: "off" } });
  const staff = useList({ resource: "human-resource", pagination: { currentPage: 1, pageSize: STAFF_PAGE_SIZE }, sorters: [{ field: "name", order: "asc" }] });
  const stored = useMemo(
    () => storedRules((rules.result.data ?? []) as Record<string, unknown>[], (recipients.result.data ?? []) as Record<string, unknown>[]),
    [rules.result.data, recipients.result.data],
  );
  const options = useMemo(() => ((staff.result.data ?? []) as Record<string, unknown>[]).map((s) => ({ value: Number(s.id), label: String(s.name ?? s.id) })), [staff.result.data]);
  const loading = rules.query.isLoading || recipients.query.isLoading;
  const reload = () => Promise.all([rules.query.refetch(), recipients.query.refetch()]);
  return { stored, options, loading, reload };
}
