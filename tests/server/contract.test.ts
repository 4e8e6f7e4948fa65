// Contract tests that walk the declaration: for every resource with a table, a valid record
// built from its field types goes through each generic operation it declares (add, search with
// paging and filters, list, list-select, total, one-record reads, update, delete), checked
// against the wire format and ref labels. Also the shared custom operations, and that every
// declared operation has a handler (none answers 501). A resource's flow holds its state, its
// steps' fields and its frozen ones (declaration/flows.ts; tests/server/flows.test.ts): the
// generic bodies here leave them out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES, fillPath, findOp, resourceByName, resourceNamed, type OperationKind, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { RecordStore } from "../../server/records/store";
import { customEntry } from "../../server/routes/custom-registry";
import { loadHandlers } from "../../server/routes/handler-modules";
import { PREFIX, isImplemented } from "../../server/routes/register";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";
import { flowOwnedFields } from "../../declaration/flows";
import { nextN, sameValue, sampleValue, writable as writableField } from "./samples";

/** The fields a generic body may write: not those a flow holds (its state, its steps'). */
const writable = (r: ResolvedResource) => {
  const held = r.flow ? flowOwnedFields(r.flow) : new Set<string>();
  return writableField(r).filter((f) => !held.has(f.name));
};
/** The fields an update may change in any state: not those a flow freezes either. */
const updatable = (r: ResolvedResource) => {
  const frozen = new Set((r.flow?.frozen ?? []).flatMap((x) => x.fields));
  return writable(r).filter((f) => !frozen.has(f.name));
};

// The handler modules the declaration names register their handlers when loaded: load them
// before the lists of generic operations below are made at collection time.
await loadHandlers();

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const actorFor = (r: ResolvedResource): FixtureUser => (r.scope === "platform" ? env.owner : env.adminA);
const storeFor = (r: ResolvedResource) => new RecordStore(env.db, actorFor(r).actor);
const base = (r: ResolvedResource) => `${PREFIX[r.service]}/${r.path}`;
const urlOf = (r: ResolvedResource, op: ResolvedOperation, rec: Record<string, unknown> = {}) => (op.path ? `${base(r)}/${fillPath(op, rec)}` : base(r));

/** The generic handler of this kind, unless a custom module took the operation over (tested there). */
function generic(r: ResolvedResource, kind: OperationKind): ResolvedOperation | undefined {
  const op = findOp(r, kind);
  return op && !customEntry(r.name, op.name) && isImplemented(r, op) ? op : undefined;
}

const targets = new Map<string, number>();

/** A record of `name` to point refs at, made once per file. */
async function ensureTarget(name: string): Promise<number> {
  const known = targets.get(name);
  if (known) return known;
  const r = resourceNamed(name);
  const n = nextN();
  const rec = await storeFor(r).create(r, await buildBody(r, n, false), { extra: serverOwnedExtras(r, n) });
  targets.set(name, Number(rec.id));
  return Number(rec.id);
}

async function buildBody(r: ResolvedResource, n: number, optionalRefs: boolean): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const f of writable(r)) {
    if (f.type === "password") continue; // hashing costs 0.6 s; tested in auth tests
    if (f.type === "ref") {
      if (f.ref === r.name || (!f.required && !optionalRefs)) continue;
      body[f.name] = await ensureTarget(f.ref!);
      continue;
    }
    body[f.name] = sampleValue(f, n);
  }
  return body;
}

/** Values of server-owned fields for records inserted without their own create operation. */
function serverOwnedExtras(r: ResolvedResource, n: number): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const f of r.fields) if (f.serverOwned && !f.implicit && f.type !== "ref" && f.name !== r.ownerField) extra[f.name] = sampleValue(f, n);
  // A flow's state starts where the flow starts (a sampled one could be any, and not deletable).
  if (r.flow && r.flow.field in extra) extra[r.flow.field] = r.flow.initial;
  return extra;
}

const tableResources = ALL_RESOURCES.filter((r) => r.table);
/** Operations the walk called through HTTP, by kind (checked at the end: the walk really walked). */
const exercised = new Map<string, number>();
const tally = (kind: string) => exercised.set(kind, (exercised.get(kind) ?? 0) + 1);

describe("every table resource through its declared generic operations", () => {
  it.each(tableResources.map((r) => [r.name, r] as const))("%s", async (_name, r) => {
    const as = actorFor(r);
    const n = nextN();
    const body = await buildBody(r, n, true);
    let rec: Record<string, unknown>;
    const add = generic(r, "create");
    if (add) {
      const res = await env.call(as, add.method, urlOf(r, add), body);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.status).toBe(true);
      rec = res.body.data;
      tally("create");
      if (r.ownerField) expect(rec[r.ownerField]).toBe(as.id);
    } else {
      rec = await storeFor(r).create(r, body, { extra: serverOwnedExtras(r, n) });
    }
    expect(typeof rec.id).toBe("number");
    for (const f of writable(r)) {
      if (f.name in body) expect(sameValue(f, body[f.name], rec[f.name]), `${f.name}: ${JSON.stringify(rec[f.name])}`).toBe(true);
    }
    for (const f of r.fields.filter((x) => x.type === "ref")) {
      expect(rec, `${f.name}_label`).toHaveProperty(`${f.name}_label`);
      if (rec[f.name] !== null && f.name !== "company_id") expect(rec[`${f.name}_label`], `${f.name}_label`).not.toBeNull();
    }
    if (r.scope === "company") expect(rec.company_id).toBe(env.companyA);
    expect(Object.keys(rec).some((k) => r.fields.find((f) => f.name === k)?.type === "password")).toBe(false);
    expect(typeof rec.created_at).toBe("string");

    const search = generic(r, "search");
    if (search) {
      const columns: unknown[] = [{ data: "id", operator: "=", value: rec.id }];
      const text = writable(r).find((f) => f.type === "string" && typeof body[f.name] === "string" && (body[f.name] as string).length > 4);
      if (text) columns.push({ data: text.name, operator: "like", value: (body[text.name] as string).slice(1, -1).toUpperCase() });
      const res = await env.call(as, "POST", urlOf(r, search), { paging: { start: 0, length: 5 }, columns, orders: { columns: ["id"], ascending: false } });
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toMatchObject({ status: true, recordsFiltered: 1 });
      expect(res.body.recordsTotal).toBeGreaterThanOrEqual(1);
      expect(res.body.data.map((x: { id: number }) => x.id)).toEqual([rec.id]);
      tally("search");
      const page = await env.call(as, "POST", urlOf(r, search), { paging: { start: 0, length: 1 } });
      expect(page.body.data.length).toBe(1);
    }
    const list = generic(r, "list");
    if (list) {
      const res = await env.call(as, "GET", urlOf(r, list));
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.some((x: { id: number }) => x.id === rec.id)).toBe(true);
      tally("list");
    }
    const listSelect = generic(r, "listSelect");
    if (listSelect) {
      const res = await env.call(as, "GET", urlOf(r, listSelect));
      expect(res.status, res.raw).toBe(200);
      tally("listSelect");
      expect(res.body.data).toContainEqual({ value: rec.id, label: expect.anything() });
    }
    const total = generic(r, "total");
    if (total) {
      const res = await env.call(as, "POST", urlOf(r, total), { columns: [{ data: "id", operator: "=", value: rec.id }] });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data).toEqual({ total: 1 });
      tally("total");
    }
    const one = generic(r, "one");
    const readBack = async (): Promise<Record<string, unknown> | null> => {
      if (one) {
        const res = await env.call(as, "GET", urlOf(r, one, rec));
        if (res.status === 404) return null;
        expect(res.status, res.raw).toBe(200);
        return res.body.data;
      }
      if (search) {
        const res = await env.call(as, "POST", urlOf(r, search), { columns: [{ data: "id", value: rec.id, operator: "=" }] });
        return res.body.data[0] ?? null;
      }
      return storeFor(r).findOne(r, storeFor(r).matchParams(r, { id: rec.id }));
    };
    if (one) {
      expect((await readBack())?.id).toBe(rec.id);
      tally("one");
    }

    const update = generic(r, "update");
    if (update) {
      const f = updatable(r).find((x) => !x.unique && x.type !== "ref" && x.type !== "password" && x.type !== "json") ?? updatable(r).find((x) => x.type !== "ref")!;
      const value = sampleValue(f, n, 1);
      const res = await env.call(as, "PUT", urlOf(r, update, rec), { [f.name]: value, id: 999999, company_id: env.companyB });
      expect(res.status, res.raw).toBe(200);
      expect(sameValue(f, value, res.body.data[f.name])).toBe(true);
      expect(res.body.data.id).toBe(rec.id);
      tally("update");
      const again = await readBack();
      expect(sameValue(f, value, again?.[f.name])).toBe(true);
      if (r.scope === "company") expect(again?.company_id).toBe(env.companyA);
    }

    const del = generic(r, "delete");
    if (del) {
      const res = await env.call(as, "DELETE", urlOf(r, del, rec));
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toMatchObject({ status: true, data: null });
      expect(await readBack()).toBeNull();
      const twice = await env.call(as, "DELETE", urlOf(r, del, rec));
      expect(twice.status).toBe(404);
      tally("delete");
    }
  });
});

describe("the walk", () => {
  it("called every generic operation kind", () => {
    // Run after the walk (vitest runs a file's tests in order).
    expect(Object.fromEntries(exercised)).toMatchObject({
      create: expect.any(Number),
      search: expect.any(Number),
      list: expect.any(Number),
      listSelect: expect.any(Number),
      total: expect.any(Number),
      one: expect.any(Number),
      update: expect.any(Number),
      delete: expect.any(Number),
    });
    expect(exercised.get("search")).toBeGreaterThan(30);
    console.info("generic operations called by the walk:", JSON.stringify(Object.fromEntries(exercised)));
  });
});

describe("shared custom operations", () => {
  it("add-multiple creates all items or none, naming the bad item", async () => {
    const r = resourceByName("user-to-proyek");
    const project = await ensureTarget("project");
    const users = [];
    for (let i = 0; i < 3; i++) {
      const hr = resourceByName("human-resource");
      const n = nextN();
      users.push(Number((await storeFor(hr).create(hr, await buildBody(hr, n, false))).id));
    }
    const count = async () => (await env.call(env.adminA, "POST", `${base(r)}/search`, { columns: [{ data: "project_id", operator: "=", value: project }] })).body.recordsFiltered;
    const before = await count();
    const bad = await env.call(env.adminA, "POST", `${base(r)}/add-multiple`, {
      items: [
        { user_id: users[0], project_id: project },
        { user_id: 99999999, project_id: project },
        { user_id: users[2], project_id: project, join_date: "2026-02-30" },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["items.1.user_id", "items.2.join_date"]);
    expect(await count()).toBe(before);

    const good = await env.call(env.adminA, "POST", `${base(r)}/add-multiple`, { items: users.map((u) => ({ user_id: u, project_id: project })) });
    expect(good.status, good.raw).toBe(200);
    expect(good.body.data.map((x: { user_id: number }) => x.user_id)).toEqual(users);
    expect(await count()).toBe(before + 3);

    const empty = await env.call(env.adminA, "POST", `${base(r)}/add-multiple`, { items: [] });
    expect(empty.status).toBe(400);
  });

  it("delete-by-proyek/{project_id} deletes the project's rows only", async () => {
    const r = resourceByName("project-checklists");
    const p = resourceByName("project");
    const mine = Number((await storeFor(p).create(p, await buildBody(p, nextN(), false))).id);
    const other = await ensureTarget("project");
    for (const project of [mine, mine, other]) {
      const res = await env.call(env.adminA, "POST", `${base(r)}/add`, { project_id: project, title: `Check ${nextN()}` });
      expect(res.status, res.raw).toBe(200);
    }
    const res = await env.call(env.adminA, "DELETE", `${base(r)}/delete-by-proyek/${mine}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ deleted: 2 });
    const left = await env.call(env.adminA, "POST", `${base(r)}/search`, { columns: [{ data: "project_id", operator: "in", value: [mine, other] }] });
    expect(left.body.data.every((x: { project_id: number }) => x.project_id === other)).toBe(true);
    // Another company's admin deletes nothing of ours.
    const again = await env.call(env.adminB, "DELETE", `${base(r)}/delete-by-proyek/${other}`);
    expect(again.body.data).toEqual({ deleted: 0 });
  });

  it("delete-byrole/{role_id} clears a role's menus", async () => {
    const role = resourceByName("role");
    const roleId = Number((await storeFor(role).create(role, { name: `Temp ${nextN()}`, role_type: "worker" })).id);
    const menus = (await env.call(env.owner, "GET", "/api/menu/list")).body.data.slice(0, 3);
    for (const m of menus) {
      const res = await env.call(env.adminA, "POST", "/api/role-menu/add", { role_id: roleId, menu_id: m.id, can_add: false });
      expect(res.status, res.raw).toBe(200);
    }
    const res = await env.call(env.adminA, "DELETE", `/api/role-menu/delete-byrole/${roleId}`);
    expect(res.body.data).toEqual({ deleted: 3 });
    // The role is no longer in use and can go.
    expect((await env.call(env.adminA, "DELETE", `/api/role/delete/${roleId}`)).status).toBe(200);
  });

  it("a record in use is not deleted (409)", async () => {
    const type = await ensureTarget("project-type");
    await ensureTarget("project");
    const res = await env.call(env.adminA, "DELETE", `/api/project-type/delete/${type}`);
    expect(res.status).toBe(409);
    expect(res.body.key).toBe("in_use");
    // Named as users know them, in the request's language.
    expect(res.body.message).toMatch(/^This record is still used by: Projects \(\d+\)\.$/);
    const inIndonesian = await env.app.inject({
      method: "DELETE",
      url: `/api/project-type/delete/${type}`,
      headers: { authorization: `Bearer ${env.adminA.token}`, "accept-language": "id" },
    });
    expect(inIndonesian.json().message).toMatch(/^Data ini masih dipakai oleh: Proyek \(\d+\)\.$/);
    // The using resources and how many of their rows, for the client's own words.
    const used = await env.db
      .selectFrom("project")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("project_type_id", "=", type)
      .executeTakeFirstOrThrow();
    expect(res.body.details).toEqual({ uses: [{ resource: "project", count: Number(used.n) }] });
  });

  it("a unique value clashes with 409 and names the field", async () => {
    const body = { name: "Unique divisi", code: "U1" };
    expect((await env.call(env.adminA, "POST", "/api/divisi/add", body)).status).toBe(200);
    const clash = await env.call(env.adminA, "POST", "/api/divisi/add", body);
    expect(clash.status).toBe(409);
    expect(Object.keys(clash.body.errors)).toEqual(["name"]);
    // Unique per company: company B may use the same name.
    expect((await env.call(env.adminB, "POST", "/api/divisi/add", body)).status).toBe(200);
  });
});

describe("declared operations", () => {
  it("each has a handler, generic or custom: none answers 501 (the list names any that would)", () => {
    const pending = [...ALL_RESOURCES].flatMap((r) => r.operations.filter((op) => !isImplemented(r, op)).map((op) => `${r.name} ${op.method} ${op.path || "(base)"}`));
    expect(pending).toEqual([]);
  });
});
