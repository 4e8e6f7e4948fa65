// A flow's action (`PUT R/<action>/{id}`, declaration/flows.ts): the record must be in the actor's
// tenancy and row scope (else 404); an action that does not follow its state answers 409
// step_out_of_order; its missing or wrong fields 400 (then the fields' own checks, by the store).
// It writes its own fields and the new state through the store (audited when the resource is),
// guarded by the state it was read in (and the quantity it adds to): of two at once, the second
// answers 409 as out of order, never a second write over the first. Served generically for every
// flow's action (server/routes/generic.ts); a resource's handler may add its own values and
// checks (a request's amount, a tool's stock: server/custom/requests.ts).
import type { ResolvedResource } from "../../declaration";
import { checkAction } from "../../declaration/flows";
import { eq, type Cond } from "../db/conditions";
import { badRequest, HttpError, notFound, type FieldErrors } from "../http/errors";
import type { RecordStore, WireRecord } from "./store";

export interface ActionHooks {
  /** Values the server sets with the action (an amount recomputed), from the record as read. */
  extra?: (current: WireRecord) => Record<string, unknown>;
  /** A check inside the action's transaction, before its write (a tool's stock when it is sent). */
  before?: (store: RecordStore, current: WireRecord) => Promise<void>;
}

const outOfOrder = (action: string, status: unknown) => new HttpError(409, "step_out_of_order", { action, status: String(status ?? "") }, undefined, { status });

export async function runAction(store: RecordStore, r: ResolvedResource, action: string, rawId: unknown, rawBody: unknown, hooks: ActionHooks = {}): Promise<WireRecord> {
  const flow = r.flow;
  if (!flow?.actions[action]) throw new Error(`${r.name} has no flow action "${action}"`);
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  if (rawBody !== undefined && rawBody !== null && (typeof rawBody !== "object" || Array.isArray(rawBody))) throw badRequest({ body: { key: "bad_request" } });
  const body = (rawBody ?? {}) as Record<string, unknown>;
  // Within the actor's tenancy and row scope, else 404 as another company's.
  const current = await store.findOne(r, [eq("id", id)]);
  if (!current) throw notFound();
  const check = checkAction(flow, current, action, body);
  if (!check.ok && "conflict" in check) throw outOfOrder(action, check.conflict.params.status);
  if (!check.ok) throw badRequest(check.errors as FieldErrors);
  const acc = flow.actions[action].accumulate;
  const guard: Cond[] = [eq("id", id), eq(flow.field, current[flow.field] ?? null)];
  if (acc) guard.push(eq(acc.field, current[acc.field] ?? null));
  const write = async (s: RecordStore) => {
    await hooks.before?.(s, current);
    const extra = { ...(hooks.extra?.(current) ?? {}), [flow.field]: check.to };
    return s.update(r, guard, check.values, { extra, step: action });
  };
  try {
    return hooks.before && !store.db.isTransaction ? await store.db.transaction().execute((trx) => write(store.withDb(trx))) : await write(store);
  } catch (e) {
    // Another action came first: the record moved on (or took another receipt) since it was read.
    if (e instanceof HttpError && e.statusCode === 404) {
      const now = await store.findOne(r, [eq("id", id)]);
      if (now) throw outOfOrder(action, now[flow.field]);
    }
    throw e;
  }
}
