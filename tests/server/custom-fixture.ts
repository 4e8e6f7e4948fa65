// Fixture data for the custom-operation tests (tests/server/custom-*.test.ts), on top of the
// two-company fixture of helpers.ts: rows are loaded with explicit ids through the seed loader
// (fast, no HTTP), so tests know every id and value they assert on.
import { MENUS } from "../../server/access/identity";
import { issueToken, sha256 } from "../../server/auth/tokens";
import { insertRows, nextIdTable, resetSequences } from "../../server/seed/load";
import type { FixtureUser, TestEnv } from "./helpers";

const WIB = 7 * 3_600_000;
const DAY = 86_400_000;

/** "YYYY-MM-DD" of the WIB day `offset` days from today. */
export const wibDay = (offset = 0, now = Date.now()): string => new Date(now + WIB + offset * DAY).toISOString().slice(0, 10);
/** ISO instant of a WIB wall time on a date. */
export const wibAt = (date: string, hh: number, mm = 0, ss = 0): string => new Date(Date.parse(`${date}T00:00:00Z`) - WIB + ((hh * 60 + mm) * 60 + ss) * 1000).toISOString();

/** Loads rows of several resources with ids taken from the tables' next ids; answers the ids. */
export async function load(env: TestEnv, tables: Array<[resource: string, rows: Array<Record<string, unknown>>]>): Promise<number[][]> {
  const next = await nextIdTable(env.db);
  const out: number[][] = [];
  const used = new Map<string, number>();
  for (const [resource, rows] of tables) {
    const first = Math.max(next(resource), used.get(resource) ?? 0);
    const withIds = rows.map((r, i) => ({ id: first + i, ...r }));
    used.set(resource, first + rows.length);
    await insertRows(env.db, resource, withIds, { passwordHash: env.passwordHash });
    out.push(withIds.map((r) => r.id as number));
  }
  await resetSequences(env.db);
  return out;
}

/** A user of `company` with a new role holding the menus `aliases` (rights `grant`), and a token. */
export async function userWithMenus(
  env: TestEnv,
  o: { company: number; name: string; email: string; roleType?: string; aliases: string[]; grant?: { can_add: boolean; can_edit: boolean; can_delete: boolean } },
): Promise<FixtureUser & { roleId: number }> {
  const menus = await env.db.selectFrom(MENUS.table).select(["id", "alias"]).execute();
  const grant = o.grant ?? { can_add: true, can_edit: true, can_delete: true };
  const [[roleId]] = await load(env, [["role", [{ company_id: o.company, name: `Role of ${o.name}`, role_type: o.roleType ?? "worker" }]]]);
  await load(env, [
    ["role-menu", menus.filter((m) => o.aliases.includes(String(m.alias))).map((m) => ({ company_id: o.company, role_id: roleId, menu_id: Number(m.id), ...grant }))],
  ]);
  const [[userId]] = await load(env, [["human-resource", [{ company_id: o.company, name: o.name, email: o.email, employee_type: "permanent", role_id: roleId }]]]);
  const { token } = await issueToken(env.db, userId, 24);
  return {
    id: userId,
    email: o.email,
    token,
    roleId,
    actor: { userId, companyId: o.company, roleId, roleName: `Role of ${o.name}`, roleType: o.roleType ?? "worker", isOwner: false, tokenHash: sha256(token) },
  };
}
