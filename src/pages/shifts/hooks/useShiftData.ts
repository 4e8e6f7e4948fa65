// The page's reads: the company's shifts (shift/list), its people (human-resource/search) and
// every shift assignment (user-to-shift/search), each through the data provider; a failed read
// is said as the generated screens say theirs.
import { useInvalidate, useList } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { failedNotification } from "../../../crud/notifications";
import type { Assignment } from "../model/week";

export interface Shift {
  id: number;
  name: string;
  start_time?: string | null;
  end_time?: string | null;
  grace_minutes?: number | null;
  color?: string | null;
}

export interface Person {
  id: number;
  name: string;
}

export function useShiftData() {
  const { t } = useTranslation();
  const errorNotification = failedNotification(t, "loadFailed");
  const shifts = useList<Shift>({ resource: "shift", pagination: { mode: "off" }, errorNotification });
  const people = useList<Person>({ resource: "human-resource", pagination: { mode: "off" }, errorNotification });
  const assignments = useList<Assignment & { id: number }>({ resource: "user-to-shift", pagination: { mode: "off" }, errorNotification });
  const invalidate = useInvalidate();
  return {
    shifts: shifts.result.data ?? [],
    people: people.result.data ?? [],
    assignments: assignments.result.data ?? [],
    loading: shifts.query.isLoading || people.query.isLoading || assignments.query.isLoading,
    reloadAssignments: () => invalidate({ resource: "user-to-shift", invalidates: ["list"] }),
  };
}
