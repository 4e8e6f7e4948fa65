// The one place every declared operation's right is checked (server/routes/register.ts calls it
// before any handler, generic or custom): the right the declaration states for the operation
// (declaration/rights.ts), the read-only sessions (view-as, a company past its subscription: 409
// read_only for every write but the renewal and a panic alarm), and sign-offs (nobody approves
// or corrects their own records). Handlers do not repeat these checks; the web app mirrors them
// only to hide what would be refused.
import { resolveRight, type MenuRight, type ResolvedOperation, type ResolvedResource, type ResolvedRight } from "../../declaration";
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
  if (op.writes) refuseReadOnly(actor, op);
  const refusal = await rightRefusal(db, actor, r, op, op.right);
  if (refusal) {
    const view = op.writes ? null : await optionViewOf(db, actor, r, op);
    if (!view) throw refusal;
    view.checkRequest(request.body, request.query);
    return view;
  }
  if (op.signOff && actor.userId) {
    const persons = await signOffPersons(db, actor, op.signOff, request);
    if (persons.includes(actor.userId)) throw forbidden("own_records");
  }
  return null;
}

/** 409 read_only for a write of a read-only session, unless a company past its end may still do it. */
export function refuseReadOnly(actor: Actor, op: Pick<ResolvedOperation, "expiredCompanyMay">): void {
  if (!actor.readOnly) return;
  if (actor.readOnly === "subscription_ended" && op.expiredCompanyMay) return;
  throw readOnly(actor.readOnly);
}

/** Why the actor does not hold the right (an error to throw), or null when they do. */
async function rightRefusal(db: Db, actor: Actor, r: ResolvedResource, op: ResolvedOperation, right: ResolvedRight): Promise<HttpError | null> {
  switch (right.kind) {
    case "public":
    case "signed-in":
      return null;
    case "platform-owner":
      return actor.isOwner ? null : forbidden("owner_only");
    case "self":
      // Their own rows: a person of a company (the platform owner has none), holding the menu when one is named.
      if (actor.companyId === null) return forbidden();
      if (right.menu && !(await menuGrant(db, actor, right.menu))) return forbidden();
      return null;
    case "menu": {
      // Platform data (a standard write of it) is the platform owner's; a company's own records are its people's.
      if (op.writes && op.standard && r.scope === "platform" && !actor.isOwner) return forbidden("owner_only");
      if (op.writes && r.companyMembersOnly && actor.companyId === null) return forbidden();
      let first: HttpError | null = null;
      for (const all of right.anyOf) {
        let refusal: HttpError | null = null;
        for (const m of all) if ((refusal = await menuRefusal(db, actor, m))) break;
        if (!refusal) return null;
        first ??= refusal;
      }
      return first ?? forbidden();
    }
  }
}

/** Null when the actor holds `action` on the menu (the owner holds every menu; "authenticated" is anyone's). */
async function menuRefusal(db: Db, actor: Actor, m: Required<MenuRight>): Promise<HttpError | null> {
  if (actor.isOwner || (m.menu as string) === "authenticated") return null;
  const grant = await menuGrant(db, actor, m.menu);
  if (!grant) return forbidden();
  if (m.action === "create" && !grant.can_add) return forbidden();
  if (m.action === "update" && !grant.can_edit) return forbidden();
  if (m.action === "delete" && !grant.can_delete) return forbidden();
  return null;
}

/**
 * A check a handler asks beyond its operation's own right: `action` on another resource (a
 * Gantt plan's save writes activities too). The same rules as the operation's check, with the
 * resource's standard right.
 */
export async function authorize(db: Db, actor: Actor, r: ResolvedResource, action: Action): Promise<void> {
  const writes = action !== "read";
  const op = { writes, standard: true, expiredCompanyMay: !!r.expiredCompanyMay };
  if (writes) refuseReadOnly(actor, op);
  const refusal = await rightRefusal(db, actor, r, op as ResolvedOperation, resolveRight(action, r.access));
  if (refusal) throw refusal;
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
