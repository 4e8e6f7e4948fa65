// The one place every declared operation's right is checked (server/routes/register.ts calls it
// before any handler, generic or custom): the right the declaration states for the operation
// (declaration/rights.ts, decided by declaration/operation-refusal.ts over the actor's grants, the
// rule the web app and the web suite's mock ask too), the read-only sessions (view-as, a company
// past its subscription: 409 read_only for every write but the renewal and a panic alarm), and
// sign-offs (nobody approves or corrects their own records). Handlers do not repeat these checks; the web app mirrors them
// only to hide what would be refused.
import { ANYONE_SIGNED_IN, operationRefusal, resolveRight, type HeldMenu, type Refusal, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import type { Db } from "../db/connection";
import { forbidden, HttpError, readOnly } from "../http/errors";
import type { Action, Actor } from "./actor";
import { optionViewOf, type OptionView } from "./option-view";
import { menuGrant } from "./permissions";
import { signOffPersons } from "./sign-off";

/** What a request brings that a check may read (the sign-off's person). */
export interface OperationRequest {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
}

/**
 * Throws unless the actor may do `op` on `r`: 409 read_only, 403 (with its reason), or passes.
 * A refused read may still be answered as an option view (ids and labels of records the actor's
 * own resources refer to): then the view is returned and the handler's answer goes through it.
 */
export async function checkOperation(db: Db, actor: Actor, r: ResolvedResource, op: ResolvedOperation, request: OperationRequest): Promise<OptionView | null> {
  const refusal = await refusalOf(db, actor, r, op);
  if (refusal?.status === 409) throw readOnly(refusal.key);
  if (refusal) {
    const view = op.writes ? null : await optionViewOf(db, actor, r, op);
    if (!view) throw forbidden(refusal.key);
    view.checkRequest(request.body, request.query);
    return view;
  }
  if (op.signOff && actor.userId) {
    const persons = await signOffPersons(db, actor, op.signOff, request);
    if (persons.includes(actor.userId)) throw forbidden("own_records");
  }
  return null;
}

type RightOf = Parameters<typeof operationRefusal>[1];

/** The declaration's rule (declaration/operation-refusal.ts) over the actor's grants of the menus the right names. */
async function refusalOf(db: Db, actor: Actor, r: ResolvedResource, op: RightOf): Promise<Refusal | null> {
  const aliases = new Set<string>();
  const right = op.right;
  if (right.kind === "self" && right.menu) aliases.add(right.menu);
  if (right.kind === "menu") for (const all of right.anyOf) for (const m of all) if ((m.menu as string) !== ANYONE_SIGNED_IN) aliases.add(m.menu);
  const menus: HeldMenu[] = [];
  if (!actor.isOwner) {
    for (const alias of aliases) {
      const grant = await menuGrant(db, actor, alias);
      if (grant) menus.push({ alias, ...grant });
    }
  }
  return operationRefusal(r, op, { menus, roleType: actor.isOwner ? "owner" : null, inCompany: actor.companyId !== null, readOnly: actor.readOnly ?? null });
}

/**
 * A check a handler asks beyond its operation's own right: `action` on another resource (a
 * Gantt plan's save writes activities too). The same rules as the operation's check, with the
 * resource's standard right.
 */
export async function authorize(db: Db, actor: Actor, r: ResolvedResource, action: Action): Promise<void> {
  const op: RightOf = { name: action, writes: action !== "read", standard: true, expiredCompanyMay: !!r.expiredCompanyMay, right: resolveRight(action, r.access) };
  const refusal = await refusalOf(db, actor, r, op);
  if (refusal?.status === 409) throw readOnly(refusal.key);
  if (refusal) throw forbidden(refusal.key);
}

/** Whether the actor may do `action` on `r` (authorize without the throw). */
export async function isAllowed(db: Db, actor: Actor, r: ResolvedResource, action: Action): Promise<boolean> {
  try {
    await authorize(db, actor, r, action);
    return true;
  } catch (e) {
    if (e instanceof HttpError && (e.statusCode === 403 || e.statusCode === 409)) return false;
    throw e;
  }
}
