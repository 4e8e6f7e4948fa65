// Row-level visibility in the contract mock (docs/api.md "Access rules"), with the server's own
// rule (server/access/row-rule.ts) over the mock's rows: a resource declaring rowVisibility shows
// the signed-in user the rows of their scope (their role type's, or the test's `rowScopes` per
// menu alias, as a role-menu's row_scope would), and a write that leaves the scope is a 400
// naming the field.
import type { ResolvedResource, RowScope } from "../../declaration";
import { badRequest } from "../../server/http/errors";
import { defaultRowScope, rowInScope, scopeWriteErrors, type Reach } from "../../server/access/row-rule";
import type { MockDb, Row } from "./db";

/** Who acts, as far as the rule asks: the user and their role's type. */
export interface RowActor {
  id: number;
  role: { role_type: string };
}

/** Row scopes by menu alias (a role-menu's row_scope); missing: the role type's. */
export type RowScopes = Partial<Record<string, RowScope>>;

export function rowScopeOf(r: ResolvedResource, actor: RowActor, scopes: RowScopes = {}): RowScope {
  if (!r.rowVisibility) return "company";
  return (r.access !== "authenticated" ? scopes[r.access] : undefined) ?? defaultRowScope(actor.role.role_type);
}

const active = (m: Row) => m.is_active !== false && m.is_active !== 0;

/** The actor's projects (active memberships of the mock's company) and their people. */
export function reachOf(db: MockDb, actor: RowActor): Reach {
  const members = db.rows("user-to-proyek").filter((m) => (m.company_id === undefined || m.company_id === db.companyId) && active(m));
  const projects = new Set(members.filter((m) => Number(m.user_id) === actor.id).map((m) => Number(m.project_id)));
  const people = new Set(members.filter((m) => projects.has(Number(m.project_id))).map((m) => Number(m.user_id)));
  return { userId: actor.id, projects, people };
}

/** The rows (already the company's) the actor may see. */
export function visibleRows(r: ResolvedResource, rows: Row[], db: MockDb, actor: RowActor, scopes: RowScopes = {}): Row[] {
  const rule = r.rowVisibility;
  const scope = rowScopeOf(r, actor, scopes);
  if (!rule || scope === "company") return rows;
  const reach = reachOf(db, actor);
  return rows.filter((row) => rowInScope(rule, scope, reach, (f) => row[f]));
}

/** The people whose rows of `r` the actor sees (server/records/store.ts people): null for the whole company. */
export function peopleInScope(r: ResolvedResource, db: MockDb, actor: RowActor, scopes: RowScopes = {}): number[] | null {
  const scope = rowScopeOf(r, actor, scopes);
  if (scope === "company") return null;
  if (scope === "own") return [actor.id];
  return [...new Set([actor.id, ...reachOf(db, actor).people])];
}

/** Throws the server's 400 when a row being written (its values by field) leaves the actor's scope. */
export function checkRowWrite(r: ResolvedResource, valueOf: (field: string) => unknown, db: MockDb, actor: RowActor, scopes: RowScopes = {}): void {
  const rule = r.rowVisibility;
  const scope = rowScopeOf(r, actor, scopes);
  if (!rule || scope === "company") return;
  const errors = scopeWriteErrors(rule, scope, reachOf(db, actor), (f) => (f === r.ownerField ? actor.id : valueOf(f)));
  if (Object.keys(errors).length) throw badRequest(errors);
}
