// Sessions: a token is 32 random bytes (base64url) handed to the client once; the database
// keeps only its SHA-256 with an expiry. A token ends when it expires, on logout, on a
// password reset, and as soon as its user is disabled (is_active false) or deleted.
import { hash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Actor } from "../access/actor";
import { COMPANIES, ROLES, USERS } from "../access/identity";
import { subscriptionEnded } from "../access/subscription";
import { cached, forget, SESSION_CACHE } from "../cache";
import type { Db } from "../db/connection";
import { unauthorized } from "../http/errors";
import { KNOWN_TOKENS } from "../http/known-credentials";

export const sha256 = (s: string): string => hash("sha256", s, "hex");
export const newToken = (): string => randomBytes(32).toString("base64url");

export async function issueToken(db: Db, userId: number, ttlHours: number): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlHours * 3600_000).toISOString();
  await db
    .insertInto("auth_token")
    .values({ token_hash: sha256(token), user_id: userId, created_at: now.toISOString(), expires_at: expiresAt, revoked_at: null })
    .execute();
  // Its requests count on the token's own limit from the first (server/http/rate-limit.ts).
  KNOWN_TOKENS.note(sha256(token), Date.parse(expiresAt));
  return { token, expiresAt };
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  forget(db, "session", tokenHash);
  KNOWN_TOKENS.forget(tokenHash);
  await db.updateTable("auth_token").set({ revoked_at: new Date().toISOString() }).where("token_hash", "=", tokenHash).where("revoked_at", "is", null).execute();
}

/** Ends every session of the user (but `keep`, the hash of the session that asked, when given). */
export async function revokeUserTokens(db: Db, userId: number, keep?: string): Promise<void> {
  let q = db.updateTable("auth_token").set({ revoked_at: new Date().toISOString() }).where("user_id", "=", userId).where("revoked_at", "is", null);
  if (keep) q = q.where("token_hash", "<>", keep);
  await q.execute();
}

export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(h);
  return m ? m[1] : null;
}

/** What a token stands for, as read from the database (cached briefly, see loadSession). */
interface Session {
  user_id: unknown;
  user_name: unknown;
  company_id: unknown;
  is_active: unknown;
  role_id: unknown;
  role_name: unknown;
  role_type: unknown;
  role_company_id: unknown;
  subscription_end: unknown;
  company_time_zone: unknown;
  expires_at: string;
  /** A view-as session (server/custom/view-as.ts): the role it acts as and the user of it (null: the admin). */
  view_as_role_id: unknown;
  view_as_user_id: unknown;
  view_role_name: unknown;
  view_role_type: unknown;
  view_role_company_id: unknown;
  view_user_company_id: unknown;
}

/** Tables a session is read from: a write to any of them drops the cached sessions. */
const SESSION_TABLES = ["auth_token", USERS.table, ROLES.table, COMPANIES.table];

function loadSession(db: Db, tokenHash: string): Promise<Session | undefined> {
  return db
    .selectFrom("auth_token as t")
    .innerJoin(`${USERS.table} as u`, "u.id", "t.user_id")
    .leftJoin(`${ROLES.table} as r`, "r.id", "u.role_id")
    .leftJoin(`${ROLES.table} as vr`, "vr.id", "t.view_as_role_id")
    .leftJoin(`${USERS.table} as vu`, "vu.id", "t.view_as_user_id")
    .leftJoin(`${COMPANIES.table} as c`, "c.id", "u.company_id")
    .select([
      "u.id as user_id",
      "u.name as user_name",
      "u.company_id",
      "u.is_active",
      "u.role_id",
      "r.name as role_name",
      "r.role_type",
      "r.company_id as role_company_id",
      "c.subscription_end",
      "c.time_zone as company_time_zone",
      "t.expires_at",
      "t.view_as_role_id",
      "t.view_as_user_id",
      "vr.name as view_role_name",
      "vr.role_type as view_role_type",
      "vr.company_id as view_role_company_id",
      "vu.company_id as view_user_company_id",
    ])
    .where("t.token_hash", "=", tokenHash)
    .where("t.revoked_at", "is", null)
    .executeTakeFirst() as Promise<Session | undefined>;
}

/** The actor each authenticated request was answered for (the X-Rights stamp: server/auth/rights-stamp.ts). */
export const actorOfRequest = new WeakMap<FastifyRequest, Actor>();

/**
 * The actor of a request, or 401. Every request asks this: the session is cached in memory
 * for a few seconds (server/cache.ts), and dropped at once when auth_token, users or roles
 * are written (a logout, a user disabled or moved to another role, a role changed).
 */
export async function authenticate(db: Db, req: FastifyRequest): Promise<Actor> {
  const token = bearerOf(req);
  if (!token) throw unauthorized();
  const tokenHash = sha256(token);
  // Unknown tokens are not kept: random ones must not fill the cache.
  const row = await cached(db, "session", SESSION_CACHE, tokenHash, SESSION_TABLES, () => loadSession(db, tokenHash), { keep: (r) => r !== undefined });
  if (!row || row.expires_at <= new Date().toISOString() || (row.is_active !== null && Number(row.is_active) === 0)) throw unauthorized();
  KNOWN_TOKENS.note(tokenHash, Date.parse(row.expires_at));
  const companyId = row.company_id === null ? null : Number(row.company_id);
  if (row.view_as_role_id !== null && row.view_as_role_id !== undefined) return remember(req, viewAsActor(row, companyId, tokenHash, req));
  const roleCompany = row.role_company_id === null || row.role_company_id === undefined ? null : Number(row.role_company_id);
  // A role of another company grants nothing.
  const roleOk = row.role_id !== null && roleCompany === companyId;
  return remember(req, {
    userId: Number(row.user_id),
    companyId,
    roleId: roleOk ? Number(row.role_id) : null,
    roleName: roleOk ? ((row.role_name as string | null) ?? null) : null,
    roleType: roleOk ? ((row.role_type as string | null) ?? null) : null,
    isOwner: roleOk && row.role_type === "owner" && companyId === null,
    tokenHash,
    name: typeof row.user_name === "string" ? row.user_name : undefined,
    ip: req.ip,
    // Decided at each request (not cached with the session): the day may turn meanwhile.
    ...(companyId !== null && subscriptionEnded(row.subscription_end, row.company_time_zone) ? { readOnly: "subscription_ended" as const } : {}),
  });
}

function remember(req: FastifyRequest, actor: Actor): Actor {
  actorOfRequest.set(req, actor);
  return actor;
}

const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * A view-as session: reads as the user of the role it names (the admin where it names none), only
 * reads (writes answer 409 read_only), and is logged as the admin who opened it (`name`). Grants
 * nothing once the role or that user has left the admin's company.
 */
function viewAsActor(row: Session, companyId: number | null, tokenHash: string, req: FastifyRequest): Actor {
  const viewUser = idOrNull(row.view_as_user_id);
  const roleOk = companyId !== null && idOrNull(row.view_role_company_id) === companyId && (viewUser === null || idOrNull(row.view_user_company_id) === companyId);
  return {
    userId: roleOk && viewUser !== null ? viewUser : Number(row.user_id),
    companyId,
    roleId: roleOk ? Number(row.view_as_role_id) : null,
    roleName: roleOk ? ((row.view_role_name as string | null) ?? null) : null,
    roleType: roleOk ? ((row.view_role_type as string | null) ?? null) : null,
    isOwner: false,
    tokenHash,
    name: typeof row.user_name === "string" ? row.user_name : undefined,
    ip: req.ip,
    readOnly: "view_as",
    viewAsBy: Number(row.user_id),
  };
}
