// User-timing marks of the map's data: when an answer arrived and when the map first finished
// drawing it. `npm run bench:map` reads them (render time = drawn − answered); the browser keeps
// them in its performance timeline, nothing else reads them.
export const MAP_MARKS = {
  pointsAnswered: "map:points:answered",
  pointsDrawn: "map:points:drawn",
  routeAnswered: "map:route:answered",
  routeDrawn: "map:route:drawn",
} as const;

export function markMap(name: (typeof MAP_MARKS)[keyof typeof MAP_MARKS]): void {
  // Marks pile up in the timeline (one pair a minute with the refresh): keep the latest only.
  performance.clearMarks?.(name);
  performance.mark?.(name);
}
