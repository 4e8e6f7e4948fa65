// The map page's calls of the project API, through the typed operations (src/providers/operations.ts):
// method and path come from the declaration, answers are typed by declaration/answers.ts. The map's
// rules read the answer's own status, so the history search takes the whole envelope. (The
// attendance search is a query: hooks/useAttendancePoints.ts; the map service: api/mapService.ts.)
import { callOperationEnvelope } from "../../../providers/operations";
import dataProvider from "../../../providers/dataProvider";
import { MAP_MARKS, markMap } from "../renderMarks";
import { failedSearch, type MapAlert } from "../model/searchResult";
import { historySearchBody } from "./requests";

type Raw = Record<string, unknown>;

/** The user history search over [from, to]: the answer's own status and data; `{ status: false, data: null }` on failure. */
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
