// The audit log: generic writes of audited resources leave an entry (who, when, from where,
// before → after); master data leaves its deletes; a company reads only its own entries, the
// platform owner all; the table is append-only on both databases; a read-only actor writes nothing.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { authorize } from "../../server/access/operation-access";
import { HttpError } from "../../server/http/errors";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const entriesOf = (resource: string, recordId: number) =>
  env.db.selectFrom("audit_log").selectAll().where("resource", "=", resource).where("record_id", "=", recordId).orderBy("id").execute();
const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

describe("audit log", () => {
  it("records a role's create, change and delete: who, from where, what changed", async () => {
    const created = await env.call(env.adminA, "POST", "/api/role/add", { name: "Surveyor", role_type: "worker", description: "Surveys" }, { "x-forwarded-for": "ignored" });
    expect(created.status, created.raw).toBe(200);
    const id = created.body.data.id as number;
    expect((await env.call(env.adminA, "PUT", `/api/role/update/${id}`, { name: "Land surveyor", description: "Surveys" })).status).toBe(200);
    expect((await env.call(env.adminA, "DELETE", `/api/role/delete/${id}`)).status).toBe(200);

    const log = await entriesOf("role", id);
    expect(log.map((e) => e.kind)).toEqual(["create", "update", "delete"]);
    for (const e of log) {
      expect(Number(e.actor_id)).toBe(env.adminA.id);
      expect(e.actor_name).toBe("Ana Admin");
      expect(e.ip).toBe("127.0.0.1");
      expect(Number(e.company_id)).toBe(env.companyA);
    }
    expect(json(log[0].before)).toBeNull();
    expect(json(log[0].after)).toMatchObject({ name: "Surveyor", role_type: "worker" });
    // Only what changed: the description stayed.
    expect(json(log[1].before)).toEqual({ name: "Surveyor" });
    expect(json(log[1].after)).toEqual({ name: "Land surveyor" });
    expect(log[1].record_label).toBe("Land surveyor");
    expect(json(log[2].before)).toMatchObject({ name: "Land surveyor" });
    expect(json(log[2].after)).toBeNull();
  });

  it("records the platform owner's sales work: a contact moved on the pipeline, a demo request, a referral code", async () => {
    const contact = await env.call(env.owner, "POST", "/api/sales-contact/add", { name: "Rina Lestari", phone: "0812-1111-2222" });
    expect(contact.status, contact.raw).toBe(200);
    const id = contact.body.data.id as number;
    expect((await env.call(env.owner, "PUT", `/api/sales-contact/update/${id}`, { status: "demo_done" })).status).toBe(200);
    const log = await entriesOf("sales-contact", id);
    expect(log.map((e) => e.kind)).toEqual(["create", "update"]);
    expect(Number(log[1].actor_id)).toBe(env.owner.id);
    expect(log[1].record_label).toBe("Rina Lestari");
    expect(json(log[1].before)).toEqual({ status: "new" });
    expect(json(log[1].after)).toEqual({ status: "demo_done" });
    const demo = await env.call(env.owner, "POST", "/api/demo-management/add", { name: "Budi", company_name: "PT Beta", email: "budi@beta.test", phone: "0812-3333-4444" });
    expect(demo.status, demo.raw).toBe(200);
    expect((await entriesOf("demo-management", demo.body.data.id as number)).map((e) => e.kind)).toEqual(["create"]);
    const code = await env.call(env.owner, "POST", "/api/refferal-code/add", { code: "AUDIT5", title: "Audit", discount: 5 });
    expect(code.status, code.raw).toBe(200);
    expect((await env.call(env.owner, "DELETE", `/api/refferal-code/delete/${code.body.data.id}`)).status).toBe(200);
    expect((await entriesOf("refferal-code", code.body.data.id as number)).map((e) => e.kind)).toEqual(["create", "delete"]);
  });

  it("never keeps a password", async () => {
    const res = await env.call(env.adminA, "POST", "/api/human-resource/add", {
      name: "Pia Password",
      email: "pia@alpha.test",
      employee_type: "contract",
      role_id: env.roles.viewerA,
      password: "a-secret-password-1",
    });
    expect(res.status, res.raw).toBe(200);
    const [entry] = await entriesOf("human-resource", res.body.data.id);
    expect(entry.kind).toBe("create");
    expect(String(entry.after)).not.toMatch(/a-secret-password-1|scrypt|password/);
    expect(json(entry.after)).toMatchObject({ name: "Pia Password", role_id: env.roles.viewerA, role_id_label: "Viewer" });
  });

  it("records master data's deletes only", async () => {
    const res = await env.call(env.adminA, "POST", "/api/divisi/add", { name: "Audit divisi", code: "AUD" });
    const id = res.body.data.id as number;
    expect((await env.call(env.adminA, "PUT", `/api/divisi/update/${id}`, { name: "Audit divisi 2" })).status).toBe(200);
    expect(await entriesOf("divisi", id)).toEqual([]);
    expect((await env.call(env.adminA, "DELETE", `/api/divisi/delete/${id}`)).status).toBe(200);
    expect((await entriesOf("divisi", id)).map((e) => [e.kind, json(e.before).name])).toEqual([["delete", "Audit divisi 2"]]);
  });

  it("is read by the company's admin for the company and by the platform owner for all", async () => {
    await env.call(env.adminB, "POST", "/api/role/add", { name: "Beta role", role_type: "worker" });
    const search = (as: typeof env.adminA) =>
      env.call(as, "POST", "/api/audit-log/search", { paging: { start: 0, length: -1 }, columns: [], orders: { columns: ["created_at"], ascending: false } });
    const a = await search(env.adminA);
    const b = await search(env.adminB);
    const owner = await search(env.owner);
    expect(a.status, a.raw).toBe(200);
    expect(a.body.data.length).toBeGreaterThan(0);
    expect(a.body.data.every((e: { company_id: number }) => e.company_id === env.companyA)).toBe(true);
    expect(b.body.data.map((e: { record_label: string }) => e.record_label)).toContain("Beta role");
    expect(b.body.data.every((e: { company_id: number }) => e.company_id === env.companyB)).toBe(true);
    // The owner: every company's entries and the platform's own (the owner's sales work above).
    const platform = await env.db.selectFrom("audit_log").select("id").where("company_id", "is", null).execute();
    expect(platform.length).toBeGreaterThan(0);
    expect(owner.body.data.length).toBe(a.body.data.length + b.body.data.length + platform.length);
    // Filter by person and kind, newest first.
    const mine = await env.call(env.adminA, "POST", "/api/audit-log/search", {
      paging: { start: 0, length: -1 },
      columns: [
        { data: "actor_id", value: env.adminA.id, operator: "=" },
        { data: "kind", value: "delete", operator: "=" },
      ],
      orders: { columns: ["created_at"], ascending: false },
    });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((e: { kind: string }) => e.kind === "delete")).toBe(true);
    // A role without the menu reads nothing; nobody writes it through the API.
    expect((await search(env.viewerA)).status).toBe(403);
    expect((await env.call(env.owner, "POST", "/api/audit-log/add", { kind: "create" })).status).toBe(404);
  });

  it("is append-only in the database itself", async () => {
    const [any] = await env.db.selectFrom("audit_log").select("id").limit(1).execute();
    await expect(env.db.updateTable("audit_log").set({ kind: "update" }).where("id", "=", any.id).execute()).rejects.toThrow(/append-only/);
    await expect(env.db.deleteFrom("audit_log").where("id", "=", any.id).execute()).rejects.toThrow(/append-only/);
    // Every row at once: SQLite's DELETE without WHERE runs the row trigger too.
    await expect(env.db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
  });

  it.runIf(!!process.env.DATABASE_URL)("refuses TRUNCATE on PostgreSQL, by the application's own role, in every form (migration 026)", async () => {
    const count = async () =>
      Number(
        (
          await env.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await env.db.insertInto("audit_log").values({ created_at: new Date().toISOString(), kind: "create", resource: "role", company_id: env.companyA }).execute();
    const before = await count();
    for (const statement of ["truncate audit_log", "truncate table only audit_log", "truncate audit_log restart identity cascade"]) {
      await expect(sql.raw(statement).execute(env.db), statement).rejects.toThrow(/append-only/);
    }
    expect(await count()).toBe(before);
  });
});

describe("read-only actors", () => {
  it("may read but every write is refused with 409 read_only (not a 403, which would end the web session)", async () => {
    const actor = { ...env.adminA.actor, readOnly: "view_as" as const };
    const role = resourceByName("role");
    await expect(authorize(env.db, actor, role, "read")).resolves.toBeUndefined();
    for (const action of ["create", "update", "delete"] as const) {
      const e = await authorize(env.db, actor, role, action).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(HttpError);
      expect(e).toMatchObject({ statusCode: 409, key: "read_only", details: { reason: "view_as" } });
    }
  });
});
