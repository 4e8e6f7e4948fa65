// role-menu PUT replace-byrole/{role_id} (beyond the spec, see resources.config.ts): the
// permission matrix saves a role's rights at once. The old rows go and the new ones come in one
// transaction with one `rights` audit entry (before → after, by menu): a failure anywhere leaves
// the old rights as they were, and nothing is logged. The spec's delete-byrole then add could
// stop between the two and leave the role with no rights.
import type { RoleRight, SavedRights } from "../../declaration/answers";
import { ROW_SCOPES } from "../../declaration/resources/shared";
import { requireAdministered } from "../access/administration";
import { assignableRoles, requireCoversRole, rightsOfActor, rowBeyond } from "../access/ceiling";
import { ROLE_MENUS } from "../access/identity";
import { audit } from "../audit/log";
import type { FieldErrors } from "../http/errors";
import { badRequest } from "../http/errors";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";
import { menusOfRole, roleOf, type RoleMenu } from "./menus";

/** Most rights of one save (more than any company has menus). */
const MAX_RIGHTS = 1000;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** A right as the audit log keeps it: what the role may do on the menu ("read" is holding it). */
const logged = (r: Pick<RoleRight, "can_add" | "can_edit" | "can_delete" | "row_scope">) => ({
  read: true,
  create: r.can_add,
  update: r.can_edit,
  delete: r.can_delete,
  row_scope: r.row_scope,
});

/** The rights the role holds, from its menus (the menus its company has). */
const heldRights = (menus: RoleMenu[]): RoleRight[] =>
  menus.filter((m) => m.assigned).map((m) => ({ menu_id: m.id, can_add: m.can_add, can_edit: m.can_edit, can_delete: m.can_delete, row_scope: m.row_scope }));

/** The body's rights, checked: each names a menu of the role's company once, flags are booleans, a scope is one of ROW_SCOPES or null. */
function parseRights(body: unknown, menuIds: Set<number>): RoleRight[] {
  const list = isObject(body) ? body.rights : undefined;
  if (!Array.isArray(list) || list.length > MAX_RIGHTS) throw badRequest({ rights: { key: "list_required", params: { max: MAX_RIGHTS } } });
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const out: RoleRight[] = [];
  list.forEach((raw, i) => {
    const at = `rights.${i}.`;
    if (!isObject(raw)) {
      errors[`rights.${i}`] = { key: "bad_request" };
      return;
    }
    const menuId = raw.menu_id;
    if (typeof menuId !== "number" || !Number.isInteger(menuId)) errors[`${at}menu_id`] = { key: menuId === undefined ? "required" : "not_integer" };
    else if (!menuIds.has(menuId)) errors[`${at}menu_id`] = { key: "bad_ref" };
    else if (seen.has(menuId)) errors[`${at}menu_id`] = { key: "not_unique" };
    else seen.add(menuId);
    const flag = (name: "can_add" | "can_edit" | "can_delete"): boolean => {
      const v = raw[name];
      if (v === undefined) return false;
      if (typeof v !== "boolean") errors[`${at}${name}`] = { key: "not_boolean" };
      return v === true;
    };
    const scope = raw.row_scope ?? null;
    if (scope !== null && !(ROW_SCOPES as readonly unknown[]).includes(scope)) errors[`${at}row_scope`] = { key: "bad_enum", params: { options: ROW_SCOPES.join(", ") } };
    out.push({
      menu_id: Number(menuId),
      can_add: flag("can_add"),
      can_edit: flag("can_edit"),
      can_delete: flag("can_delete"),
      row_scope: (scope as RoleRight["row_scope"]) ?? null,
    });
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  return out;
}

/** 400 above_own_rights naming each right the actor does not hold themselves (the role ceiling: server/access/ceiling.ts). */
async function refuseBeyondOwn(ctx: OpContext, rights: RoleRight[], aliasOf: Map<number, string>, roleType: string | null): Promise<void> {
  if (ctx.actor.isOwner) return;
  const held = await rightsOfActor(ctx.db, ctx.actor);
  const errors: FieldErrors = {};
  rights.forEach((r, i) => {
    if (rowBeyond(held, aliasOf.get(r.menu_id)!, r, roleType)) errors[`rights.${i}.menu_id`] = { key: "above_own_rights" };
  });
  if (Object.keys(errors).length) throw badRequest(errors, "above_own_rights");
}

registerCustom("role-menu", "replaceByrole", async (ctx): Promise<SavedRights> => {
  const role = await roleOf(ctx.store, ctx.params.role_id);
  // Nobody changes the rights of a role above their own (403), nor grants what they do not hold (400).
  await requireCoversRole(ctx.db, ctx.actor, role.id);
  const menus = await menusOfRole(ctx.db, role);
  const rights = parseRights(ctx.body, new Set(menus.map((m) => m.id)));
  const nameOf = new Map(menus.map((m) => [m.id, m.alias]));
  await refuseBeyondOwn(ctx, rights, nameOf, role.roleType);
  const before = heldRights(menus);

  // Only the menus whose rights changed, by alias: null = not held.
  const was = new Map(before.map((r) => [r.menu_id, logged(r)]));
  const now = new Map(rights.map((r) => [r.menu_id, logged(r)]));
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const id of new Set([...was.keys(), ...now.keys()])) {
    const b = was.get(id) ?? null;
    const a = now.get(id) ?? null;
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changedBefore[nameOf.get(id)!] = b;
    changedAfter[nameOf.get(id)!] = a;
  }

  const stamp = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    let del = trx.deleteFrom(ROLE_MENUS.table).where("role_id", "=", role.id);
    del = role.companyId === null ? del.where("company_id", "is", null) : del.where("company_id", "=", role.companyId);
    await del.execute();
    if (rights.length) {
      await trx
        .insertInto(ROLE_MENUS.table)
        .values(
          rights.map((r) => ({
            role_id: role.id,
            menu_id: r.menu_id,
            company_id: role.companyId,
            can_add: r.can_add ? 1 : 0,
            can_edit: r.can_edit ? 1 : 0,
            can_delete: r.can_delete ? 1 : 0,
            row_scope: r.row_scope,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    if (Object.keys(changedAfter).length) {
      await audit(trx, ctx.actor, { kind: "rights", resource: "role", recordId: role.id, label: role.name, before: changedBefore, after: changedAfter, companyId: role.companyId });
    }
    // The company keeps an administrator (409 last_administrator rolls this back).
    await requireAdministered(trx, role.companyId);
  });
  return { role_id: role.id, rights: heldRights(await menusOfRole(ctx.db, role)) };
});

// role GET assignable: the roles the actor may give (server/access/ceiling.ts).
registerCustom("role", "assignable", (ctx) => assignableRoles(ctx.db, ctx.actor));
