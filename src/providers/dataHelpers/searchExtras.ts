// Values a resource's search body carries beyond paging, columns and orders, as the contract
// asks: the legacy daily report is searched with the role name kept at sign-in (`role` in local
// storage), by which the legacy service shows a worker their own days only.
import { getRoleName } from "../../auth/session";

const EXTRAS: ReadonlyMap<string, () => Record<string, unknown>> = new Map([["employee-daily-report", () => ({ role: getRoleName() ?? "" })]]);

/** The extra body values of a search of `resource` (none for most). */
export const searchExtrasOf = (resource: string): Record<string, unknown> => EXTRAS.get(resource)?.() ?? {};
