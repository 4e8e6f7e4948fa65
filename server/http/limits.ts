// What one request may ask of the server, declared once (docs: server/README.md "Limits").
// Every limit is checked before any query and refused with 400, the field named: a body the
// database or the JavaScript engine cannot handle (an offset past 64 bits, a thousand ANDed
// conditions, a structure thousands of levels deep) is the client's error, never a 500.
export const LIMITS = {
  /** Conditions in one search's `columns` and columns in its `orders.columns` (a screen uses a handful). */
  searchColumns: 50,
  /** Values of one `in` condition. */
  inValues: 1000,
  /** Characters of a `like` text. */
  likeChars: 255,
  /** Characters of any other filter value. */
  filterChars: 1000,
  /**
   * Nesting of any JSON body (objects and arrays, the body itself is level 1). GeoJSON (a
   * MultiPolygon in a FeatureCollection) needs about 10, a Gantt structure about as much; the
   * engine's recursion (JSON.stringify, String([...])) breaks at a few thousand.
   */
  jsonDepth: 32,
  /** Nesting of one `json` field's value (its own top level is 1). */
  jsonFieldDepth: 24,
  /** Characters of one `json` field's value as stored JSON text. */
  jsonFieldChars: 256 * 1024,
  /** `paging.start`/`length`: safe integers (an offset the databases and JS agree on); -1 = all (capped). */
  maxPagingValue: Number.MAX_SAFE_INTEGER,
  /** Milliseconds since 1970 a JS Date holds (±100,000,000 days). */
  maxDateMs: 8.64e15,
} as const;

/**
 * The path of the first place where `value` nests deeper than `max` (e.g. "orders.columns",
 * "structure.tasks"), or null. Walked without recursion: the value may be thousands of levels
 * deep. The path stops at the first array inside an array (a run of brackets has no better name)
 * and keeps at most 4 names.
 */
export function tooDeepPath(value: unknown, max: number): string | null {
  const stack: Array<{ v: unknown; depth: number; path: string[] }> = [{ v: value, depth: 1, path: [] }];
  while (stack.length) {
    const { v, depth, path } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > max) return path.join(".") || "body";
    const isArray = Array.isArray(v);
    for (const [k, child] of Object.entries(v)) {
      if (child === null || typeof child !== "object") continue;
      const named = path.length >= 4 || (isArray && Array.isArray(child) && path.length > 0) ? path : [...path, k];
      stack.push({ v: child, depth: depth + 1, path: named });
    }
  }
  return null;
}
