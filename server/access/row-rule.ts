// The row rule itself, pure (no database): which scope a role gets by default, which of several
// is the widest, and whether one row lies within a scope. The server's SQL (row-scope.ts) says
// the same in conditions; the web tests' contract mock (tests/mocks) and the computed searches
// apply these functions to rows in memory. docs/api.md "Access rules" states the rule:
// - own: rows whose person is the actor;
// - projects: those, plus rows of a project the actor is an active member of (user-to-proyek);
//   a row without a project (or of a resource without a project field) when its person is an
//   active member of one of those projects;
// - company: every row of the company (tenancy alone).
import { ROW_SCOPES, type RowScope, type RowVisibility } from "../../declaration";
import { defaultRowScope } from "../../declaration/resources/shared";
import type { FieldErrors } from "../http/errors";

export { ROW_SCOPES, defaultRowScope };
export type { RowScope };

export const isRowScope = (v: unknown): v is RowScope => typeof v === "string" && (ROW_SCOPES as readonly string[]).includes(v);

/** The widest of several scopes (several role-menu rows of one menu); none: own. */
export const widestScope = (scopes: readonly RowScope[]): RowScope => scopes.reduce<RowScope>((a, b) => (ROW_SCOPES.indexOf(b) > ROW_SCOPES.indexOf(a) ? b : a), "own");

/** What the projects scope reaches: the actor, their active projects, and the active members of those. */
export interface Reach {
  userId: number;
  projects: ReadonlySet<number>;
  people: ReadonlySet<number>;
}

const idOf = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));

/** Whether a row (its values by field name) lies within the scope. */
export function rowInScope(rule: RowVisibility, scope: RowScope, reach: Reach, valueOf: (field: string) => unknown): boolean {
  if (scope === "company") return true;
  const person = idOf(valueOf(rule.person));
  if (person !== null && person === reach.userId) return true;
  if (scope === "own") return false;
  const project = rule.project ? idOf(valueOf(rule.project)) : null;
  if (project !== null) return reach.projects.has(project);
  return person !== null && reach.people.has(person);
}

/**
 * A row being written must stay within the actor's scope: 400 errors naming the field that takes
 * it out (the person: `only_self` / `only_your_projects`; the project: `only_your_projects`).
 */
export function scopeWriteErrors(rule: RowVisibility, scope: RowScope, reach: Reach, valueOf: (field: string) => unknown, prefix = ""): FieldErrors {
  if (rowInScope(rule, scope, reach, valueOf)) return {};
  if (scope === "own") return { [prefix + rule.person]: { key: "only_self" } };
  const project = rule.project ? idOf(valueOf(rule.project)) : null;
  return { [prefix + (project !== null ? rule.project! : rule.person)]: { key: "only_your_projects" } };
}
