// Files of private rows (docs/api.md "Files"): a selfie, a permit's attachment or a K3 report's
// photo is the row's as much as its fields. An image row of the image store (`image`) is visible
// to an actor when
// - they uploaded it (uploaded_by), or
// - a record they may see (row-scope.ts) names it in an image or file field stored in its folder, or
// - no record of a private resource names it and the folder also holds other resources' files
//   ("profile": people's photos beside permit attachments), or
// - no record names it and the actor sees some private resource of that folder company-wide
//   (an orphan selfie stays the admin's to see).
// The folders come from the declaration (declaration/image-folders.ts), as the web app uploads.
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { ALL_RESOURCES, IMAGE_RESOURCE, imageFolderOf, resourceByName, type ResolvedResource, type RowScope } from "../../declaration";
import { eq, type Cond } from "../db/conditions";
import type { Actor } from "./actor";
import { MEMBERSHIP_TABLE, rowConds } from "./row-scope";

/** The image store's table (the outer table of the conditions below). */
const IMAGE_TABLE = resourceByName(IMAGE_RESOURCE).table;

interface Guard {
  resource: ResolvedResource & { table: string };
  /** Its image and file fields stored in the folder. */
  fields: string[];
}

const hasFiles = (r: ResolvedResource, folder: string) =>
  r.fields.filter((f) => (f.type === "image" || f.type === "file") && !f.virtual && imageFolderOf(r, f) === folder).map((f) => f.name);

/** folder → the private resources (with a table) whose files go there; and whether only they use it. */
const GUARDS: ReadonlyMap<string, { guards: Guard[]; dedicated: boolean }> = (() => {
  const byFolder = new Map<string, { guards: Guard[]; dedicated: boolean }>();
  const holders = ALL_RESOURCES.filter((r) => r.table && r.name !== IMAGE_RESOURCE);
  const folders = new Set(holders.flatMap((r) => r.fields.filter((f) => f.type === "image" || f.type === "file").map((f) => imageFolderOf(r, f))));
  for (const folder of folders) {
    const users = holders.filter((r) => hasFiles(r, folder).length);
    const guards = users.filter((r) => r.rowVisibility).map((r) => ({ resource: r as Guard["resource"], fields: hasFiles(r, folder) }));
    if (guards.length) byFolder.set(folder, { guards, dedicated: guards.length === users.length });
  }
  return byFolder;
})();

/** The private resources whose files the image store holds (their scopes decide which images an actor sees). */
export const FILE_GUARDED: readonly ResolvedResource[] = [...new Set([...GUARDS.values()].flatMap((g) => g.guards.map((x) => x.resource)))];

export interface FileVisibility {
  conds: Cond[];
  /** What the conditions depend on beyond the tenancy (a cache key part). */
  key: string;
  /** Tables the conditions read. */
  tables: string[];
}

/** Conditions on the image table for this actor, given their scope on each private resource. */
export async function fileVisibility(actor: Actor, scopeOf: (r: ResolvedResource) => Promise<RowScope>): Promise<FileVisibility> {
  const image = sql.table(IMAGE_TABLE);
  const clauses: Array<RawBuilder<SqlBool>> = [];
  const guarded: string[] = [];
  const keys: string[] = [];
  const tables = new Set<string>();
  for (const [folder, { guards, dedicated }] of GUARDS) {
    const scopes = await Promise.all(guards.map((g) => scopeOf(g.resource)));
    keys.push(`${folder}=${scopes.join("/")}`);
    if (scopes.every((s) => s === "company")) continue;
    guarded.push(folder);
    const names = (g: Guard) =>
      sql<SqlBool>`(${sql.join(
        // A value "folder/name" names its own folder (src/crud/display/imageFolder.ts).
        g.fields.map((f) => sql`${sql.ref(`rv_file.${f}`)} in (${image}.file_name, ${image}.folder || '/' || ${image}.file_name)`),
        sql` or `,
      )})`;
    const refs = (g: Guard, conds: Cond[]) =>
      sql<SqlBool>`exists (select 1 from ${sql.table(g.resource.table)} as rv_file where rv_file.company_id = ${image}.company_id and ${names(g)}${sql.join(
        conds.map((c) => sql` and ${c}`),
        sql``,
      )})`;
    const seen = guards.map((g, i) => refs(g, rowConds(g.resource, scopes[i], actor, "rv_file")));
    const named = guards.filter((_, i) => scopes[i] !== "company").map((g) => refs(g, []));
    guards.forEach((g, i) => {
      tables.add(g.resource.table);
      if (scopes[i] === "projects") tables.add(MEMBERSHIP_TABLE);
    });
    const orphansSeen = !dedicated || scopes.includes("company");
    const orphan = orphansSeen ? [sql<SqlBool>`not (${sql.join(named, sql` or `)})`] : [];
    clauses.push(sql<SqlBool>`(${sql.ref(`${IMAGE_TABLE}.folder`)} = ${folder} and (${sql.join([...seen, ...orphan], sql` or `)}))`);
  }
  if (!guarded.length) return { conds: [], key: "", tables: [] };
  const mine = eq(`${IMAGE_TABLE}.uploaded_by`, actor.userId);
  const elsewhere = sql<SqlBool>`${sql.ref(`${IMAGE_TABLE}.folder`)} not in (${sql.join(guarded)})`;
  const cond = sql<SqlBool>`(${mine} or ${elsewhere} or ${sql.join(clauses, sql` or `)})`;
  return { conds: [cond], key: `${actor.userId}:${keys.join(",")}`, tables: [...tables] };
}
