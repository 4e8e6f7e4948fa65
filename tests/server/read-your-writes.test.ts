// Read your writes on every process and instance (issue 28 item 0, issue 27 item 6): a write
// answered by one server instance is seen by the next request to another instance of the same
// database, whatever that instance keeps (search pages and answers, counts, sessions, rights).
// Two instances of the app on one database, as WORKERS=2 runs two processes on one SQLite file
// and two servers share one PostgreSQL: each round writes through one and reads at once through
// the other, whose caches were warmed first; not one answer may be stale.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app";
import { MENUS } from "../../server/access/identity";
import { issueToken } from "../../server/auth/tokens";
import { load } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let other: App;
const ROUNDS = 1000;

beforeAll(async () => {
  env = await setupServer();
  other = await buildApp({ ...env.options, seed: "none" });
}, 120_000);
afterAll(async () => {
  await other?.close();
  await env?.close();
});

const on = async (app: App, as: FixtureUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${as.token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() as { data: unknown; recordsFiltered?: number } };
};
const byId = (app: App, id: number) => on(app, env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "id", value: id, operator: "=" }] });
const nameOf = (res: { body: { data: unknown } }) => ((res.body.data as Array<{ name: string }>)[0]?.name ?? null) as string | null;

describe("two instances of one database", () => {
  it(`${ROUNDS} rounds: an update through one is read by the other at once; a delete too`, async () => {
    const [[id]] = await load(env, [["divisi", [{ company_id: env.companyA, name: "Gudang 0" }]]]);
    let stale = 0;
    for (let i = 1; i <= ROUNDS; i++) {
      const [writer, reader] = i % 2 ? [env.app, other] : [other, env.app];
      // The reader keeps the current answer first.
      await byId(reader, id);
      const name = `Gudang ${i}`;
      expect((await on(writer, env.adminA, "PUT", `/api/divisi/update/${id}`, { name })).status).toBe(200);
      if (nameOf(await byId(reader, id)) !== name) stale++;
    }
    expect(stale).toBe(0);

    const [[gone]] = await load(env, [["divisi", [{ company_id: env.companyA, name: "Sementara" }]]]);
    expect((await byId(other, gone)).body.recordsFiltered).toBe(1);
    expect((await on(env.app, env.adminA, "DELETE", `/api/divisi/delete/${gone}`)).status).toBe(200);
    expect((await byId(other, gone)).body.recordsFiltered).toBe(0);
  }, 300_000);

  it("a person disabled through one instance is refused by the other on their very next request, 12 times of 12", async () => {
    for (let i = 0; i < 12; i++) {
      const [[userId]] = await load(env, [
        ["human-resource", [{ company_id: env.companyA, name: `Orang ${i}`, email: `orang${i}@alpha.test`, employee_type: "daily", role_id: env.roles.viewerA }]],
      ]);
      const { token } = await issueToken(env.db, userId, 1);
      const person = { ...env.viewerA, id: userId, token };
      // Their session is kept by the other instance.
      expect((await on(other, person, "GET", "/api/me")).status).toBe(200);
      expect((await on(env.app, env.adminA, "PUT", `/api/human-resource/disable/${userId}`)).status).toBe(200);
      expect((await on(other, person, "GET", "/api/me")).status).toBe(401);
    }
  });

  it("a right taken away through one instance is refused by the other at once", async () => {
    const viewer = env.viewerA;
    const menus = await env.db.selectFrom(MENUS.table).select(["id", "alias"]).execute();
    const project = Number(menus.find((m) => m.alias === "project")!.id);
    const grant = (can_add: boolean) => on(env.app, env.adminA, "PUT", `/api/role-menu/replace-byrole/${env.roles.viewerA}`, { rights: [{ menu_id: project, can_add }] });
    expect((await grant(true)).status).toBe(200);
    // Allowed (an empty project is refused for its fields, not for the right), and kept by the other instance.
    expect((await on(other, viewer, "POST", "/api/project/add", {})).status).toBe(400);
    expect((await grant(false)).status).toBe(200);
    expect((await on(other, viewer, "POST", "/api/project/add", {})).status).toBe(403);
  });
});
