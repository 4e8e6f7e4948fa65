// The databases setupServer hands out (tests/server/migrated-databases.ts): each file starts from
// the same database whatever the worker's earlier files did in theirs: no rows of theirs (the
// append-only audit log's included) and the same ids for the fixture and for what it adds.
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { setupServer, type TestEnv } from "./helpers";

const HOLIDAY = resourceByName("holiday").table;
const AUDIT = resourceByName("audit-log").table;

const count = async (env: TestEnv, table: string) =>
  Number(
    (
      await env.db
        .selectFrom(table as typeof HOLIDAY)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const addHoliday = (env: TestEnv) => env.call(env.adminA, "POST", "/api/holiday/add", { date: "2026-08-17", name: "Hari Kemerdekaan" });

describe("the database of each file", () => {
  it("starts empty but for the fixture, with the same ids, after another file wrote rows and an audit entry", async () => {
    const first = await setupServer();
    const added = await addHoliday(first);
    expect(added.status, added.raw).toBe(200);
    expect(await count(first, AUDIT)).toBeGreaterThan(0);
    const firstIds = [first.companyA, first.adminA.id, first.roles.adminA];
    await first.close();

    const next = await setupServer();
    try {
      expect(await count(next, HOLIDAY)).toBe(0);
      expect(await count(next, AUDIT)).toBe(0);
      expect([next.companyA, next.adminA.id, next.roles.adminA]).toEqual(firstIds);
      const again = await addHoliday(next);
      expect([again.status, again.body.data?.id]).toEqual([200, added.body.data.id]);
    } finally {
      await next.close();
    }
  });
});
