// role POST view-as/{id} (beyond the spec): "view as a user of this role". Whoever may edit roles
// and change their rights (role update, role-menu update) opens a read-only session as the role: a new token of theirs
// that acts as the role's first active user (or the one named in the body's `user_id`; the admin
// themselves when the role has none), sees what that user sees and is refused every write (409
// read_only; server/access/permissions.ts). It is logged (`view_as` entries) when it opens and
// when it is left (POST /api/logout with its token, server/auth/routes.ts).
import type { ViewAsSession } from "../../declaration/answers";
import type { Actor } from "../access/actor";
import { requireCoversRole } from "../access/ceiling";
import { USERS } from "../access/identity";
import { audit } from "../audit/log";
import { sessionAnswer } from "../auth/session-answer";
import { authenticate, newToken, sha256 } from "../auth/tokens";
import type { Db } from "../db/connection";
import { badRequest, forbidden } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";
import { roleOf } from "./menus";

/** A view-as session ends after this long at most (the admin's own token may end sooner). */
export const VIEW_AS_TTL_MS = 2 * 3600_000;

const active = (v: unknown) => v === null || v === undefined || Number(v) !== 0;

/** Ends a view-as session's token and logs that the admin left it. */
export async function leaveViewAs(db: Db, actor: Actor): Promise<void> {
  if (actor.readOnly !== "view_as" || actor.viewAsBy === undefined) return;
  const viewed = await db.selectFrom(USERS.table).select(["name"]).where("id", "=", actor.userId).executeTakeFirst();
  await audit(
    db,
    { ...actor, userId: actor.viewAsBy },
    {
      kind: "view_as",
      resource: "role",
      recordId: actor.roleId,
      label: actor.roleName,
      before: { viewing_as: viewed ? String(viewed.name) : null, role: actor.roleName },
      after: null,
    },
  );
}

registerCustom("role", "viewAs", async (ctx): Promise<ViewAsSession> => {
  const admin = ctx.actor;
  // Another company's role (the platform owner sees no company's): 404 as a missing one.
  const role = await roleOf(ctx.store, ctx.params.id);
  if (admin.companyId === null || role.companyId !== admin.companyId) throw forbidden();
  // Nobody sees as a role above their own.
  await requireCoversRole(ctx.db, admin, role.id);
  const body = ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {};
  let q = ctx.db.selectFrom(USERS.table).select(["id", "name", "is_active"]).where("role_id", "=", role.id).where("company_id", "=", admin.companyId).orderBy("id");
  if (body.user_id !== undefined && body.user_id !== null) {
    if (typeof body.user_id !== "number" || !Number.isInteger(body.user_id)) throw badRequest({ user_id: { key: "not_integer" } });
    q = q.where("id", "=", body.user_id);
  }
  const user = (await q.execute()).find((u) => active(u.is_active));
  if (body.user_id !== undefined && body.user_id !== null && !user) throw badRequest({ user_id: { key: "bad_ref" } });

  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + VIEW_AS_TTL_MS).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("auth_token")
      .values({
        token_hash: sha256(token),
        user_id: admin.userId,
        created_at: new Date(now).toISOString(),
        expires_at: expiresAt,
        revoked_at: null,
        view_as_role_id: role.id,
        view_as_user_id: user ? Number(user.id) : null,
      })
      .execute();
    await audit(trx, admin, {
      kind: "view_as",
      resource: "role",
      recordId: role.id,
      label: role.name,
      before: null,
      after: { viewing_as: user ? String(user.name) : (admin.name ?? null), role: role.name },
    });
  });
  // The session as its own requests will see it.
  const viewer = await authenticate(ctx.db, { ...ctx.req, headers: { ...ctx.req.headers, authorization: `Bearer ${token}` } } as typeof ctx.req);
  return { token, expires_at: expiresAt, ...(await sessionAnswer(ctx.db, viewer)) };
});
