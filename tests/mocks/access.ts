// The mock's check of every declared operation, before any handler (as server/routes/register.ts
// calls server/access/operation-access.ts): the operation's declared right on the signed-in
// role's menus and the read-only sessions (declaration/operation-refusal.ts, the web app's own
// rule), a refused read answered as an option view when a resource the role uses refers to it
// (server/access/option-view.ts), and the sign-off (nobody signs off their own records:
// the person named in the body or on the record the path names).
import { operationRefusal, resourceNamed, type ResolvedOperation, type ResolvedResource, type RightHolder } from "../../declaration";
import { makeView, optionMenus, type OptionView } from "../../server/access/option-view";
import { forbidden, HttpError, readOnly } from "../../server/http/errors";
import type { MockDb, Row } from "./db";

const ids = (v: unknown): number[] => (Array.isArray(v) ? v : [v]).map((x) => Number(x)).filter((n) => Number.isSafeInteger(n) && n > 0);

/** The people whose records the request signs off (server/access/sign-off.ts over the mock's rows). */
function signOffPersons(db: MockDb, op: ResolvedOperation, params: Record<string, string>, body: unknown): number[] {
  const decl = op.signOff;
  if (!decl) return [];
  if ("body" in decl) return ids(body && typeof body === "object" ? (body as Row)[decl.body] : undefined);
  const r = resourceNamed(decl.record);
  const row = db.rows(r.name).find((x) => String(x.id) === params[decl.param] && (r.scope !== "company" || x.company_id === undefined || x.company_id === db.companyId));
  return row ? ids(row[decl.field]) : [];
}

/**
 * Throws the server's refusal (409 read_only, 403 with its reason) unless `holder` may call `op`;
 * a refused read the holder may see as options returns that option view (its answer goes through it).
 */
export function checkMockOperation(
  db: MockDb,
  r: ResolvedResource,
  op: ResolvedOperation,
  holder: RightHolder,
  actorId: number,
  request: { params: Record<string, string>; query: unknown; body: unknown },
): OptionView | null {
  const refusal = operationRefusal(r, op, holder);
  if (refusal?.status === 409) throw readOnly(refusal.key);
  if (refusal) {
    const mayView = holder.roleType !== "owner" && optionMenus(r, op).some((alias) => alias === "authenticated" || holder.menus.some((m) => m.alias === alias));
    if (!mayView) throw forbidden(refusal.key);
    const view = makeView(r, op);
    view.checkRequest(request.body, request.query);
    return view;
  }
  if (signOffPersons(db, op, request.params, request.body).includes(actorId)) throw new HttpError(403, "own_records");
  return null;
}

/**
 * Runs a mock handler as a request of `holder` meets it: the operation's check first (access.ts),
 * then `run`. For tests that call a bespoke handler directly (the mock-parity tests).
 */
export function asRequest<T>(
  db: MockDb,
  resource: string,
  operation: string,
  holder: RightHolder,
  actorId: number,
  request: { params?: Record<string, string>; body?: unknown },
  run: () => T,
): T {
  const r = resourceNamed(resource);
  const op = r.operations.find((o) => o.name === operation);
  if (!op) throw new Error(`no operation ${resource}.${operation}`);
  checkMockOperation(db, r, op, holder, actorId, { params: request.params ?? {}, query: {}, body: request.body });
  return run();
}

/** A holder of one menu with these rights (or of no menu: null). */
export const holderOf = (roleType: string, alias: string, rights: { can_add?: boolean; can_edit?: boolean; can_delete?: boolean } | null): RightHolder => ({
  roleType,
  menus: rights ? [{ alias, can_add: false, can_edit: false, can_delete: false, ...rights }] : [],
});
