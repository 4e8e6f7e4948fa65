// The benchmark's company: one company with every menu, an admin role holding them all, the
// admin (signs in over HTTP like anyone), project types and phases, project managers and the
// field workers whose tracks fill the waypoint table. Everything goes through the seed loader
// (server/seed/load.ts), so rows are stored exactly as the server stores them.
import { MENUS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { NameDraw } from "../../server/seed/demo/names";
import { Rng } from "../../server/seed/demo/rand";
import { insertRows, nextIdTable, resetSequences } from "../../server/seed/load";

export const ADMIN_EMAIL = "admin@bench.test";
export const ADMIN_PASSWORD = "bench-admin-pass-1";

export interface Fixture {
  companyId: number;
  adminId: number;
  typeIds: number[];
  phaseIds: number[];
  managerIds: number[];
  workerIds: number[];
}

const TYPES = ["Gedung", "Jalan & Jembatan", "Jaringan FTTH", "Menara BTS", "Instalasi Listrik", "Irigasi", "Perumahan", "Renovasi"];
const PHASES = ["Inisiasi", "Perencanaan", "Pengadaan", "Konstruksi", "Commissioning", "Serah Terima"];

export async function createFixture(db: Db, passwordHash: string, o: { managers: number; workers: number }): Promise<Fixture> {
  const rng = new Rng(20261121);
  const names = new NameDraw(rng);
  const next = await nextIdTable(db);
  const companyId = next("company-management");
  await insertRows(db, "company-management", [
    { id: companyId, name: "PT Bench Konstruksi Nusantara", code: "BENCH", industry: "construction", email: "info@bench.test", status: "active" },
  ]);
  const roleId = next("role");
  await insertRows(db, "role", [
    { id: roleId, company_id: companyId, name: "Administrator", role_type: "admin" },
    { id: roleId + 1, company_id: companyId, name: "Manajer Proyek", role_type: "manager" },
    { id: roleId + 2, company_id: companyId, name: "Pekerja Lapangan", role_type: "worker", is_field_role: true },
  ]);
  const menus = await db.selectFrom(MENUS.table).select(["id"]).execute();
  await insertRows(
    db,
    "menu-company",
    menus.map((m) => ({ company_id: companyId, menu_id: Number(m.id), is_active: true })),
  );
  await insertRows(
    db,
    "role-menu",
    menus.map((m) => ({ company_id: companyId, role_id: roleId, menu_id: Number(m.id), can_add: true, can_edit: true, can_delete: true })),
  );

  let userId = next("human-resource");
  const adminId = userId;
  const person = (i: number, roleOf: number, employeeType: string, prefix: string) => {
    const region = i % 3 === 0 ? "bandung" : "jakarta";
    const female = rng.chance(0.2);
    return {
      id: userId++,
      company_id: companyId,
      name: names.take(region, female),
      code: `${prefix}${String(i).padStart(5, "0")}`,
      email: `${prefix.toLowerCase()}${i}@bench.test`,
      employee_type: employeeType,
      role_id: roleOf,
      gender: female ? "female" : "male",
    };
  };
  const admin = { id: userId++, company_id: companyId, name: names.reserve("Ana Administrator"), email: ADMIN_EMAIL, employee_type: "permanent", role_id: roleId };
  const managers = Array.from({ length: o.managers }, (_, i) => person(i, roleId + 1, "permanent", "PM"));
  const workers = Array.from({ length: o.workers }, (_, i) => person(i, roleId + 2, i % 4 === 0 ? "daily" : "contract", "W"));
  await insertRows(db, "human-resource", [admin, ...managers, ...workers], { passwordHash });

  const typeId = next("project-type");
  await insertRows(
    db,
    "project-type",
    TYPES.map((name, i) => ({ id: typeId + i, company_id: companyId, name, code: `T${i + 1}` })),
  );
  const phaseId = next("project-phase");
  await insertRows(
    db,
    "project-phase",
    PHASES.map((name, i) => ({ id: phaseId + i, company_id: companyId, name, code: `F${i + 1}`, order: i + 1 })),
  );
  await resetSequences(db);
  return {
    companyId,
    adminId,
    typeIds: TYPES.map((_, i) => typeId + i),
    phaseIds: PHASES.map((_, i) => phaseId + i),
    managerIds: managers.map((m) => m.id),
    workerIds: workers.map((w) => w.id),
  };
}
