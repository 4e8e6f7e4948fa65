// Prints the generated tables of docs/api.md from the resolved declaration
// (npm run -s docs:resources): the per-resource table ("Resources") and the private rows'
// table ("Access rules"), each between its markers. tests/unit/api-doc.test.ts fails while a
// table in docs/api.md differs from this output, so a declaration change comes with the document's.
import { pathToFileURL } from "node:url";
import { API_RESOURCES, LEGACY_RESOURCES, type ResolvedOperation, type ResolvedResource } from "../declaration";

/** The markers around the generated table in docs/api.md. */
export const TABLE_BEGIN = "<!-- resources:begin (generated: npm run -s docs:resources) -->";
export const TABLE_END = "<!-- resources:end -->";

const PREFIX: Record<ResolvedResource["service"], string> = { api: "/api", legacy: "/legacy" };

/** `POST add`; an operation without a segment of its own (`GET /api/task`) is its method alone. */
const operationOf = (op: ResolvedOperation): string =>
  `\`${op.method}${op.path ? ` ${op.path}` : ""}\`${op.multipart ? " (multipart)" : ""}${op.access === "authenticated" ? " (anyone signed in)" : ""}`;

const rowOf = (r: ResolvedResource): string => `| ${r.name} | \`${PREFIX[r.service]}/${r.path}\` | ${r.scope} | ${r.access} | ${r.operations.map(operationOf).join(", ")} |`;

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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.stdout.write(`${resourceTable()}\n\n${rowVisibilityTable()}\n`);
