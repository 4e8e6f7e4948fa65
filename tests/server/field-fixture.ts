// Fixture of the field-capture tests (tests/server/field-*.test.ts), on top of helpers.ts's two
// companies: in company A a site in Jakarta (WIB) and one in Makassar (WITA), each with a work
// area, a shift, field workers holding the field menus as the demo's workers do (presence read,
// panic-button add), a supervisor of the Jakarta site (projects scope, edit rights on the field
// and safety menus); in company B a worker of its own site. Multipart clock-in/out bodies and a
// count of what is stored (rows and selfie files) to show a refused request stores nothing.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { MENUS } from "../../server/access/identity";
import { issueToken, sha256 } from "../../server/auth/tokens";
import { load } from "./custom-fixture";
import { multipart, png, type Part } from "./files-multipart";
import type { BuildOptions } from "../../server/app";
import { setupServer, type FixtureUser, type Reply, type TestEnv } from "./helpers";
import { dynamicDb } from "../../server/db/dynamic";

dayjs.extend(utc);
dayjs.extend(timezone);

export interface FieldEnv {
  env: TestEnv;
  jakarta: number;
  makassar: number;
  /** Company B's site. */
  bandung: number;
  /** A site of company A none of the workers belongs to. */
  elsewhere: number;
  shift: number;
  worker: FixtureUser;
  other: FixtureUser;
  /** Works at the Makassar site. */
  east: FixtureUser;
  supervisor: FixtureUser;
  /** Holds no field menu at all. */
  clerk: FixtureUser;
  workerB: FixtureUser;
  close(): Promise<void>;
}

/** Jakarta and Makassar sites: [lon, lat]. */
export const JAKARTA: [number, number] = [106.8, -6.2];
export const MAKASSAR: [number, number] = [119.48553, -5.17121];
/** A point ~500 m east of the Jakarta site (outside its 200 m work area). */
export const JAKARTA_500M_EAST: [number, number] = [106.8 + 500 / (111_320 * Math.cos((6.2 * Math.PI) / 180)), -6.2];

type Grant = { can_add: boolean; can_edit: boolean; can_delete: boolean; row_scope?: string | null };
const READ: Grant = { can_add: false, can_edit: false, can_delete: false };
const ADD: Grant = { can_add: true, can_edit: false, can_delete: false };
const FULL: Grant = { can_add: true, can_edit: true, can_delete: true };

/** A person of `company` with a role of their own holding these menus, and a token. */
export async function person(env: TestEnv, company: number, name: string, email: string, roleType: string, grants: Record<string, Grant>): Promise<FixtureUser> {
  const menus = await env.db.selectFrom(MENUS.table).select(["id", "alias"]).execute();
  const [[roleId]] = await load(env, [["role", [{ company_id: company, name: `Role of ${name}`, role_type: roleType }]]]);
  await load(env, [
    [
      "role-menu",
      menus.filter((m) => String(m.alias) in grants).map((m) => ({ company_id: company, role_id: roleId, menu_id: Number(m.id), row_scope: null, ...grants[String(m.alias)] })),
    ],
  ]);
  const [[userId]] = await load(env, [["human-resource", [{ company_id: company, name, email, employee_type: "permanent", role_id: roleId }]]]);
  const { token } = await issueToken(env.db, userId, 24);
  return { id: userId, email, token, actor: { userId, companyId: company, roleId, roleName: `Role of ${name}`, roleType, isOwner: false, tokenHash: sha256(token) } };
}

export async function setupField(opts: BuildOptions = {}): Promise<FieldEnv> {
  const env = await setupServer(opts);
  const A = env.companyA;
  const B = env.companyB;
  const [[typeA, typeB]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
  ]);
  const site = (company: number, type: number, code: string, location: [number, number] | null, zone: string | null) => ({
    company_id: company,
    name: `Site ${code}`,
    code,
    project_type_id: type,
    start_date: "2026-01-01",
    end_date: "2027-12-31",
    status: "in_progress",
    location,
    time_zone: zone,
    work_radius_m: 200,
  });
  const [[jakarta, makassar, elsewhere, bandung]] = await load(env, [
    [
      "project",
      [site(A, typeA, "JKT", JAKARTA, null), site(A, typeA, "MKS", MAKASSAR, "Asia/Makassar"), site(A, typeA, "ELS", JAKARTA, null), site(B, typeB, "BDG", [107.6, -6.9], null)],
    ],
  ]);
  const field = { "field-day": READ, presence: READ, "panic-button": ADD, permit: ADD, "report-k3": ADD };
  const worker = await person(env, A, "Wati Pekerja", "wati@alpha.test", "worker", field);
  const other = await person(env, A, "Wulan Pekerja", "wulan@alpha.test", "worker", field);
  const east = await person(env, A, "Eko Timur", "eko@alpha.test", "worker", field);
  const supervisor = await person(env, A, "Surya Pengawas", "surya@alpha.test", "supervisor", {
    "field-day": FULL,
    presence: FULL,
    "panic-button": FULL,
    permit: FULL,
    "report-k3": FULL,
    "map-monitoring": READ,
  });
  const clerk = await person(env, A, "Kiki Kantor", "kiki@alpha.test", "worker", { project: READ });
  const workerB = await person(env, B, "Bima Beta", "bima@beta.test", "worker", field);
  const [[shift]] = await load(env, [["shift", [{ company_id: A, name: "Pagi", start_time: "08:00", end_time: "17:00", break_minutes: 60, grace_minutes: 15 }]]]);
  const member = (company: number, user: number, project: number) => ({ company_id: company, user_id: user, project_id: project, is_active: true });
  await load(env, [
    [
      "user-to-proyek",
      [
        member(A, worker.id, jakarta),
        member(A, worker.id, makassar),
        member(A, other.id, jakarta),
        member(A, east.id, makassar),
        member(A, supervisor.id, jakarta),
        member(B, workerB.id, bandung),
      ],
    ],
    ["user-to-shift", [worker.id, other.id, east.id].map((u) => ({ company_id: A, user_id: u, shift_id: shift, start_date: "2020-01-01", end_date: null }))],
  ]);
  return { env, jakarta, makassar, elsewhere, bandung, shift, worker, other, east, supervisor, clerk, workerB, close: () => env.close() };
}

/** A multipart request as a user. */
export async function sendForm(env: TestEnv, as: FixtureUser | null, url: string, parts: Part[], headers: Record<string, string> = {}): Promise<Reply> {
  const { payload, headers: h } = multipart(parts);
  const res = await env.app.inject({ method: "POST", url, payload, headers: { ...h, ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers } });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { status: res.statusCode, body, raw: res.body };
}

/** The parts of a clock-in or clock-out: the fields as text, a PNG selfie unless `selfie: null`. */
export function captureParts(fields: Record<string, string | number | undefined>, selfie: Buffer | null = png()): Part[] {
  const parts: Part[] = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, value: String(v) }));
  if (selfie) parts.push({ name: "selfie", value: selfie, filename: "me.png", contentType: "image/png" });
  return parts;
}

/** What is stored: presence, panic and image rows, waypoints, selfie files (a refused request changes none). */
export async function storedCounts(env: TestEnv): Promise<Record<string, number>> {
  const count = async (table: string) =>
    Number(
      (
        await dynamicDb(env.db)
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const dir = join(env.app.services.config.dataDir, "files", "selfie");
  return {
    presence: await count("presence"),
    panic: await count("panic_button"),
    image: await count("image"),
    waypoint: await count("waypoint"),
    idempotency: await count("idempotency"),
    selfieFiles: existsSync(dir) ? readdirSync(dir).length : 0,
  };
}

/**
 * A recent instant (a minute ago or more, within the last day) whose wall time in `zone` is
 * hh:mm, or 5 minutes earlier when hh:mm was less than a minute ago (so never older than a day).
 */
export function lastLocal(hh: number, mm: number, zone: string): string {
  const now = Date.now();
  let d = dayjs(now).tz(zone).hour(hh).minute(mm).second(0).millisecond(0);
  // Not yet today: yesterday's (less than a day ago); within the last minute: 5 minutes earlier.
  if (d.valueOf() > now) d = d.subtract(1, "day");
  else if (d.valueOf() > now - 60_000) d = d.subtract(5, "minute");
  return d.toISOString();
}

/** The wall time of an instant in a zone ("HH:mm") and its date. */
export const localOf = (iso: string, zone: string) => ({ date: dayjs(iso).tz(zone).format("YYYY-MM-DD"), time: dayjs(iso).tz(zone).format("HH:mm") });
