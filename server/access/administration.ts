// A company never loses its last administrator (docs/guide.md "Roles and rights"): after any write to
// people, roles or role rights, inside the write's own transaction, the company must still have
// an active person whose role holds every right on the administration menus
// (declaration/rights.ts ADMINISTRATION_MENUS: staff, roles, role rights), else the transaction
// is rolled back with 409 last_administrator. On PostgreSQL the company's row is locked first,
// so two admins demoting each other at once cannot both pass. A company that does not have those
// menus at all (the platform owner took one away), or has no active person yet (being set up),
// has no administration to keep: nothing is refused there.
import { sql, type ExpressionBuilder } from "kysely";
import { ADMINISTRATION_MENUS } from "../../declaration";
import { dialectOf, type Db } from "../db/connection";
import type { Database } from "../db/database";
import { conflict } from "../http/errors";
import { COMPANIES, MENU_COMPANIES, MENUS, ROLE_MENUS, ROLES, USERS } from "./identity";

const on = (col: string) => sql<boolean>`(${sql.ref(col)} is null or ${sql.ref(col)} <> 0)`;

/** Active people of the company whose role holds every right on every administration menu. */
export async function administratorsOf(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom(`${USERS.table} as u`)
    .innerJoin(`${ROLES.table} as r`, (j) => j.onRef("r.id", "=", "u.role_id").onRef("r.company_id", "=", "u.company_id"))
    .select("u.id")
    .where("u.company_id", "=", companyId)
    .where(on("u.is_active"))
    .where(
      (eb) =>
        eb
          .selectFrom(`${ROLE_MENUS.table} as rm`)
          .innerJoin(`${MENUS.table} as m`, "m.id", "rm.menu_id")
          .select(sql<number>`count(distinct ${sql.ref("m.alias")})`.as("n"))
          .whereRef("rm.role_id", "=", "u.role_id")
          .where("rm.company_id", "=", companyId)
          .where("m.alias", "in", ADMINISTRATION_MENUS)
          .where(on("rm.can_add"))
          .where(on("rm.can_edit"))
          .where(on("rm.can_delete"))
          .where((eb) => eb.exists(companyHasMenu(eb, companyId))),
      "=",
      ADMINISTRATION_MENUS.length,
    )
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The company has menu `m` (its menu-company row active or unset). */
const companyHasMenu = (eb: ExpressionBuilder<Database & { m: Database["menu"] }, "m">, companyId: number) =>
  eb
    .selectFrom(`${MENU_COMPANIES.table} as mc`)
    .select("mc.id")
    .whereRef("mc.menu_id", "=", "m.id")
    .where("mc.company_id", "=", companyId)
    .where(sql<boolean>`(${sql.ref("mc.is_active")} = 1 or ${sql.ref("mc.is_active")} is null)`);

/** How many administration menus the company has (all of them, or it has no administration to keep). */
async function administrationMenusOf(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom(`${MENUS.table} as m`)
    .select(sql<number>`count(distinct ${sql.ref("m.alias")})`.as("n"))
    .where("m.alias", "in", ADMINISTRATION_MENUS)
    .where((eb) => eb.exists(companyHasMenu(eb, companyId)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * 409 last_administrator unless the company still has an administrator. Call it inside the
 * transaction of the write, after the write (the transaction then rolls back).
 */
export async function requireAdministered(trx: Db, companyId: number | null): Promise<void> {
  if (companyId === null) return;
  // Serializes administration changes of one company (PostgreSQL runs them concurrently).
  if (dialectOf(trx) === "postgres") await sql`select id from ${sql.table(COMPANIES.table)} where id = ${companyId} for update`.execute(trx);
  if ((await administratorsOf(trx, companyId)).length > 0) return;
  if ((await administrationMenusOf(trx, companyId)) < ADMINISTRATION_MENUS.length) return;
  const anyone = await trx.selectFrom(USERS.table).select("id").where("company_id", "=", companyId).where(on("is_active")).executeTakeFirst();
  if (!anyone) return;
  throw conflict(undefined, "last_administrator");
}
