// What a count of a table's rows depends on, in the change log's tags (server/db/changes.ts):
// which rows the table holds, and the columns its conditions read. An update that sets none of
// those columns (a project's progress) leaves the count true, so it stays cached (and exact)
// while the pages and answers of the table are dropped.
import { columnTag, rowsTag } from "../db/changes";
import { shapeOf, type Cond } from "../db/conditions";

/** The tags of a count over `table` with `conds`; the whole table when a condition's columns cannot be told (raw SQL, a qualified column). */
export function countTags(table: string, conds: readonly Cond[]): string[] {
  const tags = [rowsTag(table)];
  for (const c of conds) {
    const shape = shapeOf(c);
    if (!shape) return [table];
    if (!("col" in shape)) continue;
    if (shape.col.includes(".")) return [table];
    tags.push(columnTag(table, shape.col));
  }
  return tags;
}
