// Live events that follow an operation of the generic routes (server/routes/register.ts), after
// it succeeded (docs/api.md "Live events"), by the hook the resource declares (ResourceDecl.afterWrite):
// - "rights": `rights` to the users whose menus may have changed: a write of role-menu (the roles
//   it names, before and after; none known: the whole company), of a role (its users), of
//   menu-company (the company), of menu (every company), of a person's role or active flag (that
//   person);
// - "panic-resolved": a panic set to resolved or false_alarm (panic-button update/{id}): the
//   trail's "resolved" with the note, and `panic resolved`.
import type { AfterWriteHook, ResolvedOperation, ResolvedResource } from "../../declaration";
import type { Actor } from "../access/actor";
import { ROLE_MENUS } from "../access/identity";
import type { Db } from "../db/connection";
import { eq } from "../db/conditions";
import { PANIC } from "../field/capture";
import { RecordStore } from "../records/store";
import type { Services } from "../services";
import { systemActor } from "./alerts";
import type { EventBus, NewBusEvent } from "./bus";
import { addTrail, PANIC_EVENTS } from "./panic-trail";
import { publishPanic } from "./publish";

type After = (result: unknown, body: unknown) => Promise<void>;

/** A hook: given the write about to run, what to do once it succeeded (null: nothing). */
type Hook = (services: Services, r: ResolvedResource, op: ResolvedOperation, actor: Actor, params: Record<string, string>) => Promise<After | null>;

const HOOKS: Record<AfterWriteHook, Hook> = {
  rights: (services, r, _op, actor, params) => rightsAfter(services.db, services.events, r, actor, params),
  "panic-resolved": (services, _r, op, actor, params) => (op.kind === "update" ? resolvedAfter(services.db, services.events, actor, params) : Promise.resolve(null)),
};

const isWrite = (op: ResolvedOperation) => op.method !== "GET" && !["search", "list", "listSelect", "total", "one"].includes(op.kind);
const idOf = (v: unknown): number | null => (typeof v === "number" && Number.isSafeInteger(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null);
const objectOf = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** What to do once the operation succeeded, or null (nothing to publish: the usual case). */
export async function watchOperation(services: Services, r: ResolvedResource, op: ResolvedOperation, actor: Actor | null, params: Record<string, string>): Promise<After | null> {
  if (!actor || !r.afterWrite || !isWrite(op)) return null;
  return HOOKS[r.afterWrite](services, r, op, actor, params);
}

async function rightsAfter(db: Db, bus: EventBus, r: ResolvedResource, actor: Actor, params: Record<string, string>): Promise<After | null> {
  const id = idOf(params.id);
  // The role a role-menu row belonged to before the write (an update may move it, a delete removes it).
  const before = r.name === "role-menu" && id !== null ? await db.selectFrom(ROLE_MENUS.table).select("role_id").where("id", "=", id).executeTakeFirst() : undefined;
  return async (_result, body) => {
    const b = objectOf(body);
    const company = actor.companyId ?? idOf(b.company_id);
    const event: NewBusEvent<"rights"> = { type: "rights", company_id: company, data: {} };
    if (r.name === "menu") event.company_id = null;
    else if (r.name === "role" && id !== null) event.role_ids = [id];
    else if (r.name === "human-resource") {
      if (id === null || !("role_id" in b || "is_active" in b)) return;
      event.user_ids = [id];
    } else if (r.name === "role-menu") {
      const items = Array.isArray(b.items) ? b.items.map(objectOf) : [b];
      const roles = [...items.map((i) => idOf(i.role_id)), idOf(before?.role_id), idOf(params.role_id)].filter((x): x is number => x !== null);
      if (roles.length) event.role_ids = [...new Set(roles)];
    }
    if (event.company_id === null && r.name !== "menu") return;
    bus.publish(event);
  };
}

async function resolvedAfter(db: Db, bus: EventBus, actor: Actor, params: Record<string, string>): Promise<After | null> {
  const id = idOf(params.id);
  if (id === null) return null;
  return async (result, body) => {
    const status = objectOf(result).status;
    if (status !== "resolved" && status !== "false_alarm") return;
    if (!("status" in objectOf(body))) return;
    const companyId = idOf(objectOf(result).company_id) ?? actor.companyId;
    if (companyId === null) return;
    const done = await db.selectFrom(PANIC_EVENTS).select("id").where("panic_id", "=", id).where("kind", "=", "resolved").executeTakeFirst();
    if (done) return;
    const note = objectOf(body).note;
    await addTrail(db, { companyId, panicId: id, kind: "resolved", actorId: actor.userId, note: typeof note === "string" && note ? note : null });
    const record = await new RecordStore(db, systemActor(companyId), "en").findOne(PANIC, [eq("id", id)]);
    if (record) publishPanic(bus, companyId, "resolved", record);
  };
}
