// The access matrix (issue 27), generated from the declaration: every operation of every resource,
// as each demo role, in a normal session, in a view-as session of that role (opened by the
// company's admin) and for a company past its subscription, against the real server on the demo
// seed. The expected answer is worked out here, from the operation's declared right and the
// role's stored rights, independently of the server's check (server/access/operation-access.ts):
// - refused: 403 (a refused read may still be answered as an option view when a resource the role
//   uses refers to the target: then not 403);
// - a write of a read-only session: 409 read_only (with its reason), unless a company past its
//   end may still do it (its renewal, a panic alarm);
// - allowed: neither of those (a 2xx, or 400/404/409 for the placeholder ids and empty bodies),
//   and never a 5xx.
// Path parameters are ids no row has (999999) and bodies are empty, so an allowed write changes
// nothing but what an empty body may add (a device key named "Phone", an alarm without a
// message). Removing a check from the server makes this fail; an operation without a right
// cannot be declared (tests/unit/declaration.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES, ANYONE_SIGNED_IN, refLabelOf, RESOURCE_BY_NAME, type MenuRight, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { COMPANIES, MENU_COMPANIES, MENUS, ROLE_MENUS, ROLES, USERS } from "../../server/access/identity";
import { multipart } from "./files-multipart";
import { demoServer, type DemoEnv } from "./map-demo-data";

type Mode = "normal" | "view_as" | "subscription_ended";
type Flags = { add: boolean; edit: boolean; del: boolean };
interface Who {
  email: string;
  owner: boolean;
  companyId: number | null;
  roleId: number | null;
  /** Menus the role holds (in its company's menus), by alias. */
  menus: Map<string, Flags>;
}

const EMAILS = ["owner@demo.test", "admin@demo.test", "pm@demo.test", "supervisor@demo.test", "worker1@demo.test", "admin2@demo.test"];
const NO_ROW = "999999";

let env: DemoEnv;
const who = new Map<string, Who>();

const on = (v: unknown) => v === null || v === undefined || Number(v) !== 0;

beforeAll(async () => {
  env = await demoServer();
  for (const email of EMAILS) {
    const u = await env.db
      .selectFrom(`${USERS.table} as u`)
      .leftJoin(`${ROLES.table} as r`, "r.id", "u.role_id")
      .select(["u.company_id", "u.role_id", "r.role_type"])
      .where("u.email", "=", email)
      .executeTakeFirstOrThrow();
    const companyId = u.company_id === null ? null : Number(u.company_id);
    const owner = u.role_type === "owner" && companyId === null;
    const menus = new Map<string, Flags>();
    if (!owner && companyId !== null && u.role_id !== null) {
      const rows = await env.db
        .selectFrom(`${ROLE_MENUS.table} as rm`)
        .innerJoin(`${MENUS.table} as m`, "m.id", "rm.menu_id")
        .innerJoin(`${MENU_COMPANIES.table} as mc`, (j) => j.onRef("mc.menu_id", "=", "m.id").on("mc.company_id", "=", companyId))
        .select(["m.alias", "rm.can_add", "rm.can_edit", "rm.can_delete", "mc.is_active"])
        .where("rm.role_id", "=", Number(u.role_id))
        .where("rm.company_id", "=", companyId)
        .execute();
      for (const r of rows.filter((x) => on(x.is_active))) {
        const was = menus.get(String(r.alias)) ?? { add: false, edit: false, del: false };
        menus.set(String(r.alias), { add: was.add || on(r.can_add), edit: was.edit || on(r.can_edit), del: was.del || on(r.can_delete) });
      }
    }
    who.set(email, { email, owner, companyId, roleId: u.role_id === null ? null : Number(u.role_id), menus });
  }
}, 180_000);
afterAll(async () => {
  await env?.close();
});

// ---- what the declaration says the answer must be ---------------------------------------------

function holdsMenu(w: Who, m: Required<MenuRight>): boolean {
  if (w.owner || (m.menu as string) === ANYONE_SIGNED_IN) return true;
  const f = w.menus.get(m.menu);
  if (!f) return false;
  return m.action === "read" || (m.action === "create" && f.add) || (m.action === "update" && f.edit) || (m.action === "delete" && f.del);
}

function holdsRight(w: Who, r: ResolvedResource, op: ResolvedOperation): boolean {
  const right = op.right;
  switch (right.kind) {
    case "public":
    case "signed-in":
      return true;
    case "platform-owner":
      return w.owner;
    case "self":
      return w.companyId !== null && (!right.menu || w.menus.has(right.menu));
    case "menu":
      if (op.writes && op.standard && r.scope === "platform" && !w.owner) return false;
      if (op.writes && r.companyMembersOnly && w.companyId === null) return false;
      return right.anyOf.some((all) => all.every((m) => holdsMenu(w, m)));
  }
}

/** Whether a refused read may be answered as the target's options (a resource the role uses refers to it). */
function optionView(w: Who, target: ResolvedResource, op: ResolvedOperation): boolean {
  if (op.writes || !["search", "list", "listSelect", "one"].includes(op.kind)) return false;
  return ALL_RESOURCES.some(
    (r) =>
      r.name !== target.name &&
      r.fields.some((f) => f.type === "ref" && f.ref === target.name && refLabelOf(f, RESOURCE_BY_NAME as Map<string, ResolvedResource>) !== undefined) &&
      (r.access === ANYONE_SIGNED_IN || w.owner || w.menus.has(r.access)),
  );
}

type Expected = "allowed" | "refused" | "refused-or-options" | "read_only";

function expected(w: Who, r: ResolvedResource, op: ResolvedOperation, mode: Mode): Expected {
  if (op.writes && mode === "view_as") return "read_only";
  if (op.writes && mode === "subscription_ended" && !op.expiredCompanyMay) return "read_only";
  if (holdsRight(w, r, op)) return "allowed";
  return optionView(w, r, op) ? "refused-or-options" : "refused";
}

// ---- requests ------------------------------------------------------------------------------------

const PREFIX = { api: "/api", legacy: "/legacy" } as const;
const urlOf = (r: ResolvedResource, op: ResolvedOperation) => `${PREFIX[r.service]}/${r.path}${op.path ? `/${op.path.replace(/\{[^}]+\}/g, NO_ROW)}` : ""}`;

async function send(token: string, r: ResolvedResource, op: ResolvedOperation) {
  const url = urlOf(r, op);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (op.method === "GET" || op.method === "DELETE") return env.app.inject({ method: op.method, url, headers });
  if (op.multipart) {
    const form = multipart([{ name: "note", value: "matrix" }]);
    return env.app.inject({ method: op.method, url, headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  return env.app.inject({ method: op.method, url, headers, payload: {} });
}

function verdict(exp: Expected, status: number, body: { key?: string; details?: { reason?: string } }, mode: Mode): string | null {
  if (status >= 500) return `${status} ${body.key ?? ""}`;
  const readOnly = status === 409 && body.key === "read_only";
  const refused = status === 403;
  switch (exp) {
    case "read_only":
      return readOnly && body.details?.reason === mode ? null : `expected 409 read_only (${mode}), got ${status} ${body.key ?? ""}`;
    case "refused":
      return refused ? null : `expected 403, got ${status} ${body.key ?? ""}`;
    case "refused-or-options":
      return readOnly ? `expected 403 or an option view, got 409 read_only` : null;
    case "allowed":
      return refused || readOnly || status === 401 ? `expected allowed, got ${status} ${body.key ?? ""}` : null;
  }
}

const OPERATIONS = ALL_RESOURCES.flatMap((r) => r.operations.filter((op) => op.right.kind !== "public").map((op) => ({ r, op })));

async function runMatrix(label: string, token: string, w: Who, mode: Mode): Promise<{ checked: number; wrong: string[] }> {
  const wrong: string[] = [];
  for (const { r, op } of OPERATIONS) {
    const exp = expected(w, r, op, mode);
    const res = await send(token, r, op);
    let body: { key?: string; details?: { reason?: string } } = {};
    try {
      body = res.json();
    } catch {
      // A download or an image: bytes, not the envelope.
    }
    const bad = verdict(exp, res.statusCode, body, mode);
    if (bad) wrong.push(`${label} ${op.method} ${urlOf(r, op)}: ${bad}`);
  }
  return { checked: OPERATIONS.length, wrong };
}

async function viewAsToken(w: Who): Promise<string> {
  const admin = await env.db
    .selectFrom(`${USERS.table} as u`)
    .innerJoin(`${ROLES.table} as r`, "r.id", "u.role_id")
    .select("u.email")
    .where("u.company_id", "=", w.companyId)
    .where("r.role_type", "=", "admin")
    .orderBy("u.id")
    .executeTakeFirstOrThrow();
  const u = await env.db.selectFrom(USERS.table).select("id").where("email", "=", w.email).executeTakeFirstOrThrow();
  const res = await env.app.inject({
    method: "POST",
    url: `/api/role/view-as/${w.roleId}`,
    headers: { authorization: `Bearer ${await env.token(String(admin.email))}` },
    payload: { user_id: Number(u.id) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

describe("the access matrix", () => {
  it("covers every operation but the public ones", () => {
    expect(OPERATIONS.length).toBeGreaterThan(250);
    expect(OPERATIONS.every(({ op }) => op.right)).toBe(true);
  });

  it.each(EMAILS)("%s, in a normal session: every operation answers as its declared right says", async (email) => {
    const w = who.get(email)!;
    const { checked, wrong } = await runMatrix(email, await env.token(email), w, "normal");
    expect(wrong).toEqual([]);
    expect(checked).toBe(OPERATIONS.length);
  });

  it.each(EMAILS.filter((e) => e !== "owner@demo.test"))("%s, viewed as by the company's admin: every write is 409 read_only, reads as the role", async (email) => {
    const w = who.get(email)!;
    const { wrong } = await runMatrix(`view-as ${email}`, await viewAsToken(w), w, "view_as");
    expect(wrong).toEqual([]);
  });

  it.each(EMAILS.filter((e) => e !== "owner@demo.test"))("%s, company past its subscription: every write but the renewal and a panic is 409 read_only", async (email) => {
    const w = who.get(email)!;
    const before = await env.db.selectFrom(COMPANIES.table).select("subscription_end").where("id", "=", w.companyId).executeTakeFirstOrThrow();
    await env.db.updateTable(COMPANIES.table).set({ subscription_end: "2020-01-31" }).where("id", "=", w.companyId).execute();
    try {
      const { wrong } = await runMatrix(`expired ${email}`, await env.token(email), w, "subscription_ended");
      expect(wrong).toEqual([]);
    } finally {
      await env.db.updateTable(COMPANIES.table).set({ subscription_end: before.subscription_end }).where("id", "=", w.companyId).execute();
    }
  });
});
