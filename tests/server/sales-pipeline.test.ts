// The sales pipeline's stages (SALES_STAGES: new → contacted → demo done → won / lost) on the
// server: migration 016 moves the former values (lead → new, negotiating → demo_done), the API
// stores a stage, refuses a former value, and a new contact starts as "new".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SALES_STAGES } from "../../declaration";
import { up, down } from "../../server/db/migrations/016_sales_pipeline";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const statusOf = async (id: number) => (await env.db.selectFrom("sales_contact").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("sales contact stages", () => {
  it("are declared once, in board order", () => {
    expect(SALES_STAGES).toEqual(["new", "contacted", "demo_done", "won", "lost"]);
  });

  it("migration 016 moves lead to new and negotiating to demo done, the others stay (and back down)", async () => {
    const rows = ["lead", "contacted", "negotiating", "won", "lost"].map((status, i) => ({ id: 900 + i, name: `Old ${status}`, phone: "0811", status }));
    await env.db.insertInto("sales_contact").values(rows).execute();
    await up(env.db);
    expect(await Promise.all(rows.map((r) => statusOf(r.id)))).toEqual(["new", "contacted", "demo_done", "won", "lost"]);
    await down(env.db);
    expect(await Promise.all(rows.map((r) => statusOf(r.id)))).toEqual(["lead", "contacted", "negotiating", "won", "lost"]);
    await env.db.deleteFrom("sales_contact").where("id", ">=", 900).execute();
  });

  it("a new contact starts as new; a move to demo done is stored; a former value is refused", async () => {
    const added = await env.call(env.owner, "POST", "/api/sales-contact/add", { name: "Rina", phone: "0812-1111-2222" });
    expect(added.status).toBe(200);
    const id = Number(added.body.data.id);
    expect(await statusOf(id)).toBe("new");
    const moved = await env.call(env.owner, "PUT", `/api/sales-contact/update/${id}`, { status: "demo_done" });
    expect(moved.status).toBe(200);
    expect(await statusOf(id)).toBe("demo_done");
    const refused = await env.call(env.owner, "PUT", `/api/sales-contact/update/${id}`, { status: "negotiating" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.status).toMatch(/Must be one of: new, contacted, demo_done, won, lost/);
    expect(await statusOf(id)).toBe("demo_done");
  });

  it("is the platform owner's: a company's admin may not move a contact", async () => {
    const added = await env.call(env.owner, "POST", "/api/sales-contact/add", { name: "Sari", phone: "0813-1111-2222" });
    const id = Number(added.body.data.id);
    expect((await env.call(env.adminA, "PUT", `/api/sales-contact/update/${id}`, { status: "won" })).status).toBe(403);
    expect(await statusOf(id)).toBe("new");
  });
});
