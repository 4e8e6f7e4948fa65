// Every server call of the map page, through the typed operations (src/providers/operations.ts):
// method and path come from the declaration, answers are typed by declaration/answers.ts. The map's
// rules read the answer's own status, so the searches take the whole envelope.
import { callOperationEnvelope } from "../../../providers/operations";
import dataProvider from "../../../providers/dataProvider";
import { MAP_MARKS, markMap } from "../renderMarks";
import { failedSearch, wrapSearch, type MapAlert } from "../model/searchResult";
import type { MapSearchResult } from "../model/types";
import { attendanceSearchBody, historySearchBody } from "./requests";

type Raw = Record<string, unknown>;

export type MapCallAnswer<T> = { result: MapSearchResult<T>; alert: MapAlert | null };

/** The attendance search: one latest point per staff member of the projects; `{ status: true, data }`
 *  only for a non-empty list, `{ status: false, data: null }` otherwise and on failure (with its alert). */
export async function searchAttendance(projectIds: readonly (string | number)[]): Promise<MapCallAnswer<Raw>> {
  try {
    const answer = await callOperationEnvelope("map-monitoring", "search", { payload: attendanceSearchBody(projectIds) });
    markMap(MAP_MARKS.pointsAnswered);
    return { result: wrapSearch<Raw>(answer), alert: null };
  } catch (e) {
    return failedSearch<Raw>(e);
  }
}

/** The user history search over [from, to]: the answer's own status and data (an empty
 *  successful answer differs from one without status or data), `{ status: false, data: null }` on failure. */
export async function searchHistory(userId: string | number, from: string, to: string): Promise<{ answer: { status: unknown; data: unknown }; alert: MapAlert | null }> {
  try {
    const answer = await callOperationEnvelope("waypoint", "search", { payload: historySearchBody(userId, from, to) });
    markMap(MAP_MARKS.routeAnswered);
    return { answer: { status: answer?.status, data: answer?.data ?? null }, alert: null };
  } catch (e) {
    return { answer: { status: false, data: null }, alert: failedSearch(e).alert };
  }
}

/** The projects of the tree (the project search, first 200: a company's active projects). */
export async function listProjects(): Promise<{ id: string | number; name: string }[]> {
  const { data } = await dataProvider.getList({ resource: "project", pagination: { currentPage: 1, pageSize: 200 } });
  return (data as Raw[]).map((r) => ({ id: r.id as string | number, name: String(r.name ?? r.project_name ?? r.id) }));
}
