// user-to-shift delete/{id} (beyond the spec: taking someone off a shift from the shifts page):
// the company's admin removes an assignment and the row is gone; another company's admin gets
// 404 and the row stays; a field worker without the shift menu's delete right is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupField, type FieldEnv } from "./field-fixture";

let f: FieldEnv;
beforeAll(async () => {
  f = await setupField();
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const rowsOf = (userId: number) =>
  f.env.db
    .selectFrom("user_to_shift" as never)
    .selectAll()
    .where("user_id" as never, "=", userId as never)
    .execute();

describe("user-to-shift delete/{id}", () => {
  it("the company's admin takes a person off a shift; another company's admin and a worker cannot", async () => {
    const { env } = f;
    const added = await env.call(env.adminA, "POST", "/api/user-to-shift/add", { user_id: f.worker.id, shift_id: f.shift, start_date: "2026-11-23" });
    expect(added.status).toBe(200);
    const search = await env.call(env.adminA, "POST", "/api/user-to-shift/search", { page: 1, size: 100 });
    expect(search.status).toBe(200);
    const row = (search.body.data.rows ?? search.body.data).find(
      (r: { start_date: string; user_id: number }) => String(r.start_date).startsWith("2026-11-23") && r.user_id === f.worker.id,
    );
    expect(row).toBeTruthy();

    expect((await env.call(env.adminB, "DELETE", `/api/user-to-shift/delete/${row.id}`)).status).toBe(404);
    expect((await env.call(f.worker, "DELETE", `/api/user-to-shift/delete/${row.id}`)).status).toBe(403);
    expect((await rowsOf(f.worker.id)).length).toBe(2);

    const removed = await env.call(env.adminA, "DELETE", `/api/user-to-shift/delete/${row.id}`);
    expect(removed.status).toBe(200);
    const left = await rowsOf(f.worker.id);
    expect(left).toHaveLength(1);
    expect(left.map((r) => (r as { id: number }).id)).not.toContain(row.id);
  });
});
