// Row-level visibility on the server (docs/api.md "Access rules"; the rule: row-rule.ts). A
// resource declaring `rowVisibility` (declaration/types.ts) names the field of a row's person and,
// when it has one, of its project. Which rows an actor sees depends on the row scope of the menu
// that grants the resource (its `access`): the role-menu's `row_scope`, or the role type's
// default where it holds none (or the menu is not the role's, or the resource is open to
// everyone signed in). The record store (server/records/store.ts) adds these conditions to every
// read, count, update and delete, so every path that reads the rows through it obeys them.
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { resourceByName, type ResolvedResource, type RowScope } from "../../declaration";
import { eq, type Cond } from "../db/conditions";
import type { Db } from "../db/connection";
import type { Actor } from "./actor";
import { menuGrant } from "./permissions";
import { defaultRowScope, type Reach } from "./row-rule";

/** The memberships the projects scope reads (a write to them changes what it reaches). */
export const MEMBERSHIP_TABLE = resourceByName("user-to-proyek").table;

/** The actor's row scope on `r`'s rows: "company" where the resource has no rule (or for the platform owner). */
export async function rowScopeOf(db: Db, actor: Actor, r: ResolvedResource): Promise<RowScope> {
  if (!r.rowVisibility || actor.isOwner) return "company";
  if (r.access === "authenticated") return defaultRowScope(actor.roleType);
  return (await menuGrant(db, actor, r.access))?.row_scope ?? defaultRowScope(actor.roleType);
}

const active = (alias: string): RawBuilder<SqlBool> => sql<SqlBool>`(${sql.ref(`${alias}.is_active`)} is null or ${sql.ref(`${alias}.is_active`)} <> 0)`;

/** The actor's projects: their active memberships (aliases rv_* stay clear of the tables they are put in). */
const myProjects = (actor: Actor) =>
  sql`select rv_mine.project_id from ${sql.table(MEMBERSHIP_TABLE)} as rv_mine where rv_mine.user_id = ${actor.userId} and rv_mine.company_id = ${actor.companyId} and ${active("rv_mine")}`;

/** The active members of the actor's projects. */
const crewOf = (actor: Actor) =>
  sql`select rv_crew.user_id from ${sql.table(MEMBERSHIP_TABLE)} as rv_crew where rv_crew.company_id = ${actor.companyId} and ${active("rv_crew")} and rv_crew.project_id in (${myProjects(actor)})`;

/**
 * The scope as conditions on `r`'s table (`alias`: the table's alias in the query, else its
 * columns are named bare). Company scope adds none.
 */
export function rowConds(r: ResolvedResource, scope: RowScope, actor: Actor, alias?: string): Cond[] {
  const rule = r.rowVisibility;
  if (!rule || scope === "company") return [];
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  const own = eq(col(rule.person), actor.userId);
  if (scope === "own") return [own];
  const crew = sql<SqlBool>`${sql.ref(col(rule.person))} in (${crewOf(actor)})`;
  if (!rule.project) return [sql<SqlBool>`(${own} or ${crew})`];
  const project = sql.ref(col(rule.project));
  return [sql<SqlBool>`(${own} or ${project} in (${myProjects(actor)}) or (${project} is null and ${crew}))`];
}

/** What the projects scope reaches, as ids (writes are checked against it; computed rows filtered by it). */
export async function reachOf(db: Db, actor: Actor): Promise<Reach> {
  const mine = await db
    .selectFrom(`${MEMBERSHIP_TABLE} as m`)
    .select("m.project_id")
    .where("m.user_id", "=", actor.userId)
    .where("m.company_id", "=", actor.companyId)
    .where(active("m"))
    .execute();
  const projects = new Set(mine.map((m) => Number(m.project_id)));
  const people = new Set<number>();
  if (projects.size) {
    const crew = await db
      .selectFrom(`${MEMBERSHIP_TABLE} as m`)
      .select("m.user_id")
      .distinct()
      .where("m.company_id", "=", actor.companyId)
      .where(active("m"))
      .where(sql<SqlBool>`${sql.ref("m.project_id")} in (${myProjects(actor)})`)
      .execute();
    for (const c of crew) people.add(Number(c.user_id));
  }
  return { userId: actor.userId, projects, people };
}
