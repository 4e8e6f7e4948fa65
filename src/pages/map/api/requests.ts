// Request bodies of the map calls (api-contract "Map calls"): pure, so tests pin them exactly.

/** `map-monitoring/search`: the selected project ids. */
export const attendanceSearchBody = (projectIds: readonly (string | number)[]) => ({ project_id: [...projectIds] });

/** `waypoint/search`: every point of one user in [from, to], oldest first; answered in columns (time, lon, lat: what the route needs). */
export const historySearchBody = (userId: string | number, from: string, to: string) => ({
  paging: { start: 0, length: -1 },
  columns: [
    { data: "user_id", value: userId, operator: "=" },
    { data: "wptime", value: from, value1: to, operator: "range" },
  ],
  orders: { columns: ["wptime"], ascending: true },
  format: "columns",
});
