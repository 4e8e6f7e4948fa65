// kanban-card add (beyond the spec) and update/{id}: a card placed at a position shifts the
// column's other cards, the column it left closes its gap; positions stay 0, 1, 2... per column.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { load } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
let board = 0;
let project = 0;

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const [[type]] = await load(env, [["project-type", [{ company_id: A, name: "Gedung" }]]]);
  [[project]] = await load(env, [
    ["project", [{ company_id: A, name: "Tower", code: "T1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" }]],
  ]);
});
afterAll(async () => env?.close());

/** A fresh board: todo A, B, C (positions 0-2), in_progress D, E. */
beforeEach(async () => {
  const A = env.companyA;
  [[board]] = await load(env, [["kanban-board", [{ company_id: A, project_id: project, name: `Board ${Date.now()}-${Math.random()}` }]]]);
  const card = (title: string, status: string, position: number) => ({ company_id: A, kanban_board_id: board, title, status, position });
  await load(env, [["kanban-card", [card("A", "todo", 0), card("B", "todo", 1), card("C", "todo", 2), card("D", "in_progress", 0), card("E", "in_progress", 1)]]]);
});

/** The board as get-data answers it: status → titles in order, and every card's stored position. */
async function board_(): Promise<{ columns: Record<string, string[]>; positions: Record<string, number>; ids: Record<string, number> }> {
  const res = await env.call(env.adminA, "GET", `/api/kanban-card/get-data?kanban_board_id=${board}`);
  expect(res.status, res.raw).toBe(200);
  const columns: Record<string, string[]> = {};
  const positions: Record<string, number> = {};
  const ids: Record<string, number> = {};
  for (const col of res.body.data as Array<{ status: string; cards: Array<{ id: number; title: string; position: number }> }>) {
    columns[col.status] = col.cards.map((c) => c.title);
    for (const c of col.cards) {
      positions[c.title] = c.position;
      ids[c.title] = c.id;
    }
  }
  return { columns, positions, ids };
}

describe("kanban-card/update/{id} with status and position", () => {
  it("moves a card into another column at the position: the cards below shift, the column left closes its gap", async () => {
    const { ids } = await board_();
    const res = await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.A}`, { status: "in_progress", position: 1 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids.A, status: "in_progress", position: 1 });
    const after = await board_();
    expect(after.columns.todo).toEqual(["B", "C"]);
    expect(after.columns.in_progress).toEqual(["D", "A", "E"]);
    expect(after.positions).toMatchObject({ B: 0, C: 1, D: 0, A: 1, E: 2 });
  });

  it("reorders within a column (down and up)", async () => {
    const { ids } = await board_();
    expect((await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.A}`, { position: 2 })).status).toBe(200);
    expect((await board_()).columns.todo).toEqual(["B", "C", "A"]);
    expect((await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.C}`, { status: "todo", position: 0 })).status).toBe(200);
    const after = await board_();
    expect(after.columns.todo).toEqual(["C", "B", "A"]);
    expect(after.positions).toMatchObject({ C: 0, B: 1, A: 2 });
  });

  it("a position past the end puts the card at the bottom; a new status without a position too", async () => {
    const { ids } = await board_();
    expect((await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.B}`, { status: "done", position: 99 })).status).toBe(200);
    expect((await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.C}`, { status: "done" })).status).toBe(200);
    const after = await board_();
    expect(after.columns.done).toEqual(["B", "C"]);
    expect(after.positions).toMatchObject({ A: 0, B: 0, C: 1 });
  });

  it("an edit of other fields leaves every position alone", async () => {
    const { ids } = await board_();
    const res = await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.B}`, { title: "B2", color: "#ff0000" });
    expect(res.status, res.raw).toBe(200);
    expect((await board_()).columns).toMatchObject({ todo: ["A", "B2", "C"], in_progress: ["D", "E"] });
  });

  it("refuses a bad status or position with 400 naming the field, and moves nothing", async () => {
    const { ids } = await board_();
    const bad = await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.A}`, { status: "archived", position: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain("status");
    const neg = await env.call(env.adminA, "PUT", `/api/kanban-card/update/${ids.A}`, { position: -1 });
    expect(neg.status).toBe(400);
    expect(Object.keys(neg.body.errors)).toContain("position");
    expect((await board_()).columns).toMatchObject({ todo: ["A", "B", "C"], in_progress: ["D", "E"] });
  });

  it("another company's card is not found; a viewer without kanban-board is refused", async () => {
    const { ids } = await board_();
    expect((await env.call(env.adminB, "PUT", `/api/kanban-card/update/${ids.A}`, { status: "done", position: 0 })).status).toBe(404);
    expect((await env.call(env.viewerA, "PUT", `/api/kanban-card/update/${ids.A}`, { status: "done", position: 0 })).status).toBe(403);
    expect((await board_()).columns.todo).toEqual(["A", "B", "C"]);
  });
});

describe("kanban-card/add (beyond the spec)", () => {
  it("adds a card at the bottom of its column, or at the position asked (the others shift)", async () => {
    const bottom = await env.call(env.adminA, "POST", "/api/kanban-card/add", { kanban_board_id: board, title: "F", status: "todo" });
    expect(bottom.status, bottom.raw).toBe(200);
    expect(bottom.body.data).toMatchObject({ title: "F", status: "todo", position: 3 });
    const top = await env.call(env.adminA, "POST", "/api/kanban-card/add", { kanban_board_id: board, title: "G", status: "in_progress", position: 0 });
    expect(top.status, top.raw).toBe(200);
    const after = await board_();
    expect(after.columns).toMatchObject({ todo: ["A", "B", "C", "F"], in_progress: ["G", "D", "E"] });
    expect(after.positions).toMatchObject({ G: 0, D: 1, E: 2 });
  });

  it("needs a title and a board of the actor's company (400 naming the field)", async () => {
    const noTitle = await env.call(env.adminA, "POST", "/api/kanban-card/add", { kanban_board_id: board, status: "todo" });
    expect(noTitle.status).toBe(400);
    expect(Object.keys(noTitle.body.errors)).toContain("title");
    const foreign = await env.call(env.adminB, "POST", "/api/kanban-card/add", { kanban_board_id: board, title: "X" });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toContain("kanban_board_id");
    expect((await board_()).columns.todo).toEqual(["A", "B", "C"]);
  });
});
