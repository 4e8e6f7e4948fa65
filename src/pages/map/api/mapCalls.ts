// Every server call of the map page, through the app's data provider (one place to switch to
// the typed operation hook).
import dataProvider from "../../../providers/dataProvider";
import { failedSearch, wrapSearch, type MapAlert } from "../model/searchResult";
import type { MapSearchResult } from "../model/types";
import { attendanceSearchBody, historySearchBody } from "./requests";

type Raw = Record<string, unknown>;

export type MapCallAnswer<T> = { result: MapSearchResult<T>; alert: MapAlert | null };

async function search<T>(url: string, payload: unknown): Promise<MapCallAnswer<T>> {
  try {
    const answer = await dataProvider.custom!({ url, method: "post", payload, meta: { service: "api" } });
    return { result: wrapSearch<T>(answer), alert: null };
  } catch (e) {
    return failedSearch<T>(e);
  }
}

/** The attendance search: one latest point per staff member of the projects. */
export const searchAttendance = (projectIds: readonly (string | number)[]) => search<Raw>("map-monitoring/search", attendanceSearchBody(projectIds));

/** The user history search over [from, to]: the answer's own status and data (an empty
 *  successful answer differs from a failed one), `{ status: false, data: null }` on failure. */
export async function searchHistory(userId: string | number, from: string, to: string): Promise<{ answer: { status: unknown; data: unknown }; alert: MapAlert | null }> {
  try {
    const answer = (await dataProvider.custom!({ url: "waypoint/search", method: "post", payload: historySearchBody(userId, from, to), meta: { service: "api" } })) as {
      status?: unknown;
      data?: unknown;
    };
    return { answer: { status: answer.status ?? true, data: answer.data ?? null }, alert: null };
  } catch (e) {
    return { answer: { status: false, data: null }, alert: failedSearch(e).alert };
  }
}

/** The projects of the tree (the project search, first 200: a company's active projects). */
export async function listProjects(): Promise<{ id: string | number; name: string }[]> {
  const { data } = await dataProvider.getList({ resource: "project", pagination: { currentPage: 1, pageSize: 200 } });
  return (data as Raw[]).map((r) => ({ id: r.id as string | number, name: String(r.name ?? r.project_name ?? r.id) }));
}
