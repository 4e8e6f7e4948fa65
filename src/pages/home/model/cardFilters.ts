// What each dashboard card counts, as the filters of its list: the card counts with them and its
// link opens the list with them in the URL (the generated list reads its filters from there:
// Refine's syncWithLocation, `?filters[0][field]=status&filters[0][operator]=eq&...`), so the
// list shows the rows the card counted. Days are the company's (its zone, not the browser's).
import { stringifyTableParams, type CrudFilter } from "@refinedev/core";
import { addDays } from "../../../../declaration/timesheet";

/** Approved K3 work permits end within this many days from today. */
export const PERMIT_DAYS = 7;

/** Open panic alarms. */
export const openPanic = (): CrudFilter[] => [{ field: "status", operator: "eq", value: "open" }];

/** Milestones still planned whose due date is before today (a range open at its start: up to yesterday). */
export const overdueMilestones = (today: string): CrudFilter[] => [
  { field: "status", operator: "eq", value: "planned" },
  { field: "due_date", operator: "between", value: ["", addDays(today, -1)] },
];

/** Approved work permits ending today or within the next PERMIT_DAYS days. */
export const expiringPermits = (today: string): CrudFilter[] => [
  { field: "permit_type", operator: "eq", value: "work_permit" },
  { field: "status", operator: "eq", value: "approved" },
  { field: "end_date", operator: "between", value: [today, addDays(today, PERMIT_DAYS)] },
];

/** Project approvals naming the user as approver, still pending. */
export const pendingApprovals = (userId: number | undefined): CrudFilter[] => [
  { field: "status", operator: "eq", value: "pending" },
  { field: "approver_id", operator: "eq", value: userId },
];

/** Material and tool requests still requested. */
export const stillRequested = (): CrudFilter[] => [{ field: "status", operator: "eq", value: "requested" }];

/** Today's presences (the list's fallback for the attendance card without the timesheet). */
export const presencesOn = (today: string): CrudFilter[] => [{ field: "presence_date", operator: "between", value: [today, today] }];

/** A list route with its filters in the URL, on its first page; undefined without a route. */
export function listLink(route: string | undefined, filters: CrudFilter[]): string | undefined {
  if (!route) return undefined;
  return `${route}?${stringifyTableParams({ pagination: { currentPage: 1, pageSize: 10 }, sorters: [], filters })}`;
}

/** The timesheet of one day (the page reads from and to from the URL). */
export const timesheetLink = (route: string | undefined, day: string): string | undefined => (route ? `${route}?from=${day}&to=${day}` : undefined);
