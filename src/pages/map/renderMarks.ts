// User-timing marks of the map's data: when an answer arrived and when the map first finished
// drawing it. `npm run bench:map` reads them (render time = drawn − answered); the browser keeps
// them in its performance timeline, nothing else reads them.
export const MAP_MARKS = {
  pointsAnswered: "map:points:answered",
  pointsDrawn: "map:points:drawn",
  routeAnswered: "map:route:answered",
  routeDrawn: "map:route:drawn",
} as const;

/** Marks now, or at `at` (epoch ms) when the moment has passed already (an answer react-query got). */
export function markMap(name: (typeof MAP_MARKS)[keyof typeof MAP_MARKS], at?: number): void {
  // Marks pile up in the timeline (one pair a minute with the refresh): keep the latest only.
  performance.clearMarks?.(name);
  if (at === undefined) performance.mark?.(name);
  else performance.mark?.(name, { startTime: Math.max(0, at - performance.timeOrigin) });
}
