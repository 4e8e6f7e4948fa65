// Prints the generated tables of docs/api.md from the resolved declaration
// (npm run -s docs:resources): the per-resource table ("Resources") and the private rows'
// table ("Access rules"), each between its markers; `npm run -s docs:resources -- --write` updates docs/api.md. tests/unit/api-doc.test.ts fails while a
// table in docs/api.md differs from this output, so a declaration change comes with the document's.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { API_RESOURCES, describeRight, LEGACY_RESOURCES, type ResolvedOperation, type ResolvedResource } from "../declaration";

/** The markers around the generated table in docs/api.md. */
export const TABLE_BEGIN = "<!-- resources:begin (generated: npm run -s docs:resources) -->";
export const TABLE_END = "<!-- resources:end -->";

const PREFIX: Record<ResolvedResource["service"], string> = { api: "/api", legacy: "/legacy" };

/** `POST add`; an operation without a segment of its own (`GET /api/task`) is its method alone; a custom operation with its declared right. */
const operationOf = (op: ResolvedOperation, r: ResolvedResource): string =>
  `\`${op.method}${op.path ? ` ${op.path}` : ""}\`${op.multipart ? ` (multipart: ${filesOf(op)})` : ""}${op.standard ? "" : ` (${describeRight(op.right, r.access)})`}`;

/** "`selfie` ×1 image/*": the file parts a multipart operation takes (declaration/uploads.ts). */
const filesOf = (op: ResolvedOperation): string =>
  Object.entries(op.files ?? {})
    .map(([name, slot]) => `\`${name}\` ×${slot.max}${slot.accept ? ` ${slot.accept}` : ""}`)
    .join(", ");

const rowOf = (r: ResolvedResource): string =>
  `| ${r.name} | \`${PREFIX[r.service]}/${r.path}\` | ${r.scope} | ${r.access} | ${r.operations.map((op) => operationOf(op, r)).join(", ")} |`;

/** The table, markers included, as docs/api.md holds it. */
export function resourceTable(): string {
  return [TABLE_BEGIN, "| resource | path | scope | access (menu) | operations |", "|---|---|---|---|---|", ...[...API_RESOURCES, ...LEGACY_RESOURCES].map(rowOf), TABLE_END].join(
    "\n",
  );
}

/** The markers around the generated table of private rows ("Access rules"). */
export const ROWS_BEGIN = "<!-- rows:begin (generated: npm run -s docs:resources) -->";
export const ROWS_END = "<!-- rows:end -->";

const fieldOrDash = (f: string | undefined) => (f ? `\`${f}\`` : "-");

/** The resources declaring rowVisibility: whose rows they are and through which menu's row scope. */
export function rowVisibilityTable(): string {
  const rows = [...API_RESOURCES, ...LEGACY_RESOURCES]
    .filter((r) => r.rowVisibility)
    .map((r) => `| ${r.name} | ${fieldOrDash(r.rowVisibility!.person)} | ${fieldOrDash(r.rowVisibility!.project)} | ${r.access} |`);
  return [ROWS_BEGIN, "| resource | person | project | row scope of the menu |", "|---|---|---|---|", ...rows, ROWS_END].join("\n");
}

/** docs/api.md with each generated table replaced by the current one. */
export function withTables(doc: string): string {
  let out = doc;
  for (const [begin, end, table] of [
    [TABLE_BEGIN, TABLE_END, resourceTable()],
    [ROWS_BEGIN, ROWS_END, rowVisibilityTable()],
  ] as const) {
    const a = out.indexOf(begin);
    const b = out.indexOf(end);
    if (a < 0 || b < a) throw new Error(`docs/api.md has no markers ${begin} … ${end}`);
    out = out.slice(0, a) + table + out.slice(b + end.length);
  }
  return out;
}

// `npm run -s docs:resources` prints the tables; `-- --write` puts them into docs/api.md.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--write")) {
    const file = new URL("../docs/api.md", import.meta.url);
    writeFileSync(file, withTables(readFileSync(file, "utf8")));
  } else process.stdout.write(`${resourceTable()}\n\n${rowVisibilityTable()}\n`);
}
