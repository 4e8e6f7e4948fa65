// Who a session is, as the login answer says it (without the token): the user, the role and its
// menus, and whether it is a view-as session. Answered by GET /api/session (the web app asks it
// again when its rights changed: server/auth/session-route.ts) and by role view-as/{id}.
import type { SessionAnswer } from "../../declaration/answers";
import type { Actor } from "../access/actor";
import { COMPANIES, USERS } from "../access/identity";
import { menusFor } from "../access/menus";
import type { Db } from "../db/connection";
import { zoneOf } from "../field/zones";
import { subscriptionState } from "../access/subscription";

export async function sessionAnswer(db: Db, actor: Actor): Promise<SessionAnswer> {
  const user = await db.selectFrom(USERS.table).select(["id", "name", "email", "photo"]).where("id", "=", actor.userId).executeTakeFirst();
  const company =
    actor.companyId === null
      ? undefined
      : await db.selectFrom(COMPANIES.table).select(["name", "time_zone", "subscription_end"]).where("id", "=", actor.companyId).executeTakeFirst();
  const by = actor.viewAsBy === undefined ? undefined : await db.selectFrom(USERS.table).select(["name"]).where("id", "=", actor.viewAsBy).executeTakeFirst();
  return {
    user: {
      id: actor.userId,
      name: String(user?.name ?? ""),
      email: String(user?.email ?? ""),
      company_id: actor.companyId,
      company_name: company ? String(company.name) : null,
      photo: (user?.photo as string | null | undefined) ?? null,
      time_zone: zoneOf(company?.time_zone),
      ...subscriptionState(actor.companyId, company?.subscription_end, company?.time_zone),
    },
    role: actor.roleId === null ? null : { id: actor.roleId, name: actor.roleName ?? "", role_type: actor.roleType ?? "" },
    menus: await menusFor(db, actor),
    view_as:
      actor.readOnly === "view_as" && actor.viewAsBy !== undefined && actor.roleId !== null
        ? { by_id: actor.viewAsBy, by_name: by ? String(by.name) : null, role_id: actor.roleId, role_name: actor.roleName ?? "" }
        : null,
  };
}
