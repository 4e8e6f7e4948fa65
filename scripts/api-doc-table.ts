// Prints every resource and its operations as one table (the OpenAPI document, GET /api/docs,
// has the same and more), and the private rows' table of docs/api.md ("Access rules"), from the
// resolved declaration (npm run -s docs:resources). `npm run -s docs:resources -- --write` puts
// the private rows' table into docs/api.md between its markers; tests/unit/api-doc.test.ts fails
// while it differs, so a change to a resource's rowVisibility comes with the document's.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { API_RESOURCES, describeRight, LEGACY_RESOURCES, type ResolvedOperation, type ResolvedResource } from "../declaration";

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

/** Every resource and its operations, as a Markdown table. */
export function resourceTable(): string {
  return ["| resource | path | scope | access (menu) | operations |", "|---|---|---|---|---|", ...[...API_RESOURCES, ...LEGACY_RESOURCES].map(rowOf)].join("\n");
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

/** docs/api.md with its private rows' table replaced by the current one. */
export function withTables(doc: string): string {
  const a = doc.indexOf(ROWS_BEGIN);
  const b = doc.indexOf(ROWS_END);
  if (a < 0 || b < a) throw new Error(`docs/api.md has no markers ${ROWS_BEGIN} … ${ROWS_END}`);
  return doc.slice(0, a) + rowVisibilityTable() + doc.slice(b + ROWS_END.length);
}

// `npm run -s docs:resources` prints both tables; `-- --write` puts the private rows' table into docs/api.md.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--write")) {
    const file = new URL("../docs/api.md", import.meta.url);
    writeFileSync(file, withTables(readFileSync(file, "utf8")));
  } else process.stdout.write(`${resourceTable()}\n\n${rowVisibilityTable()}\n`);
}
