// The rules on writes of the resources that access is built on (people, roles, role rights),
// applied by the record store to every write of them, generic or custom (add, update, delete,
// add-multiple, delete-byrole, invitations, imports):
// - the role ceiling (server/access/ceiling.ts): a role or rights beyond the actor's own are
//   refused with 400 naming the field (above_own_rights); acting on a person, role or role's
//   rights above the actor's own is 403 above_own_rights;
// - the company keeps an administrator (server/access/administration.ts), checked inside the
//   write's transaction after it (409 last_administrator, rolled back).
// Custom operations that write these tables without the store (disable/enable, the rights
// matrix's replace-byrole) call the same functions.
import type { ResolvedResource } from "../../declaration";
import type { Db } from "../db/connection";
import { badRequest, type FieldErrors } from "../http/errors";
import type { Actor } from "./actor";
import { requireAdministered } from "./administration";
import { ROLES } from "./identity";
import { beyond, requireCovers, requireCoversPeople, requireCoversRole, rightsOfActor, rightsOfMatrix, rightsOfRole, type RightRow } from "./ceiling";

type Values = Record<string, unknown>;

export interface WriteGuard {
  /** Before an insert (current null) or an update (current: the stored record). Throws to refuse. */
  beforeWrite(db: Db, actor: Actor, values: Values, current: Values | null, prefix: string): Promise<void>;
  /** Before a delete of these stored records. */
  beforeDelete(db: Db, actor: Actor, rows: Values[]): Promise<void>;
  /** Inside the write's transaction, after it. */
  afterWrite(trx: Db, actor: Actor): Promise<void>;
}

const idOf = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));

/** 400 above_own_rights on `field` when the wanted rights go beyond the actor's. */
async function fieldWithin(db: Db, actor: Actor, field: string, wanted: Parameters<typeof beyond>[1]): Promise<void> {
  if (actor.isOwner) return;
  if (beyond(await rightsOfActor(db, actor), wanted).length) throw badRequest({ [field]: { key: "above_own_rights" } } as FieldErrors);
}

const administered = (trx: Db, actor: Actor) => requireAdministered(trx, actor.companyId);

const people: WriteGuard = {
  async beforeWrite(db, actor, values, current, prefix) {
    if (current) await requireCoversPeople(db, actor, [Number(current.id)]);
    const role = idOf(values.role_id);
    if (role !== null && actor.companyId !== null && (!current || role !== idOf(current.role_id)))
      await fieldWithin(db, actor, `${prefix}role_id`, await rightsOfRole(db, actor.companyId, role));
  },
  async beforeDelete(db, actor, rows) {
    await requireCoversPeople(
      db,
      actor,
      rows.map((r) => Number(r.id)),
    );
  },
  afterWrite: administered,
};

const roles: WriteGuard = {
  async beforeWrite(db, actor, values, current, prefix) {
    if (!current || actor.companyId === null) return;
    const id = Number(current.id);
    await requireCovers(db, actor, rightsOfRole(db, actor.companyId, id, (current.role_type as string | null) ?? null));
    if ("role_type" in values && values.role_type !== current.role_type)
      await fieldWithin(db, actor, `${prefix}role_type`, await rightsOfRole(db, actor.companyId, id, (values.role_type as string | null) ?? null));
  },
  async beforeDelete(db, actor, rows) {
    for (const r of rows) await requireCoversRole(db, actor, Number(r.id));
  },
  afterWrite: administered,
};

const roleRights: WriteGuard = {
  async beforeWrite(db, actor, values, current, prefix) {
    if (actor.companyId === null) return;
    const roleId = idOf(values.role_id ?? current?.role_id);
    if (roleId === null) return;
    // Nobody changes the rights of a role above their own, nor grants a right they do not hold.
    await requireCoversRole(db, actor, roleId);
    const row = { ...(current ?? {}), ...values } as RightRow;
    if (idOf(row.menu_id) === null) return;
    const type = (await rightsTypeOf(db, roleId)) ?? null;
    await fieldWithin(db, actor, `${prefix}menu_id`, await rightsOfMatrix(db, actor.companyId, type, [row]));
  },
  async beforeDelete(db, actor, rows) {
    for (const roleId of new Set(rows.map((r) => idOf(r.role_id)))) await requireCoversRole(db, actor, roleId);
  },
  afterWrite: administered,
};

async function rightsTypeOf(db: Db, roleId: number): Promise<string | null> {
  const row = await db.selectFrom(ROLES.table).select("role_type").where("id", "=", roleId).executeTakeFirst();
  return row?.role_type ?? null;
}

const GUARDS: Readonly<Record<string, WriteGuard>> = { "human-resource": people, role: roles, "role-menu": roleRights };

/** The write guard of a resource, if access is built on it. */
export const writeGuardOf = (r: Pick<ResolvedResource, "name">): WriteGuard | undefined => GUARDS[r.name];
