// /osmand under load (issue 29, ingest saturation): positions arriving together share one INSERT
// (server/field/position-writer.ts) and each is answered only once it is committed; one request
// whose positions fail does not fail the others stored with it; a key's owner is cached
// (server/field/device-keys.ts) yet a key revoked, or its person disabled, through another
// instance of the same database is refused on its very next position.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type App } from "../../server/app";
import { PositionWriter, positionWriterOf } from "../../server/field/position-writer";
import { positionsDbOf } from "../../server/db/connection";
import { sql } from "kysely";
import { setupField, type FieldEnv } from "./field-fixture";
import type { FixtureUser } from "./helpers";

let f: FieldEnv;
let other: App;
beforeAll(async () => {
  f = await setupField();
  other = await buildApp({ ...f.env.options, seed: "none" });
}, 120_000);
afterAll(async () => {
  await other?.close();
  await f?.close();
});

const addKey = async (as: FixtureUser): Promise<{ id: number; key: string }> => (await f.env.call(as, "POST", "/api/device-key/add", {})).body.data;
const seconds = (minutesAgo: number) => Math.floor((Date.now() - minutesAgo * 60_000) / 1000);
const position = (app: App, key: string, t: number, lat = -6.2) => app.inject({ method: "GET", url: `/osmand?id=${key}&timestamp=${t}&lat=${lat}&lon=106.8` });
const storedAt = async (userId: number, times: number[]) =>
  (
    await f.env.db
      .selectFrom("waypoint")
      .select("wptime")
      .where("user_id", "=", userId)
      .where(
        "wptime",
        "in",
        times.map((t) => t * 1000),
      )
      .execute()
  ).length;

describe("group commit", () => {
  it("positions of several phones arriving together share INSERTs, each answered 200 and committed before its answer", async () => {
    const people = [f.worker, f.other, f.east];
    const keys = await Promise.all(people.map(addKey));
    // The owners are looked up (and kept) first: then the requests reach the writer together.
    for (const [i, k] of keys.entries()) expect((await position(f.env.app, k.key, seconds(50) + i)).statusCode).toBe(200);
    const insert = vi.spyOn(PositionWriter.prototype as unknown as { insert: () => Promise<unknown> }, "insert");
    try {
      const times = Array.from({ length: 10 }, (_, i) => seconds(45) + i);
      const answers = await Promise.all(keys.flatMap((k) => times.map((t) => position(f.env.app, k.key, t))));
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      expect(insert.mock.calls.length).toBeLessThan(answers.length / 2);
      // Answered means committed: the other instance (its own connection) reads every one.
      for (const p of people) expect(await storedAt(p.id, times)).toBe(times.length);
      const seen = await other.services.db
        .selectFrom("waypoint")
        .select("id")
        .where(
          "user_id",
          "in",
          people.map((p) => p.id),
        )
        .where(
          "wptime",
          "in",
          times.map((t) => t * 1000),
        )
        .execute();
      expect(seen).toHaveLength(30);
    } finally {
      insert.mockRestore();
    }
  });

  it("a request whose positions fail fails alone: the others of its batch are stored and answered", async () => {
    const writer = positionWriterOf(f.env.db);
    const good = { wptime: seconds(40) * 1000, lon: 106.8, lat: -6.2, accuracy: null, speed: null, battery: null };
    // A value no database takes (parsing never makes one): its INSERT fails.
    const bad = { ...good, lat: {} as unknown as number };
    const [a, b, c] = await Promise.allSettled([
      writer.store({ userId: f.worker.id, companyId: f.env.companyA }, [good]),
      writer.store({ userId: f.other.id, companyId: f.env.companyA }, [bad]),
      writer.store({ userId: f.east.id, companyId: f.env.companyA }, [good]),
    ]);
    expect(a).toEqual({ status: "fulfilled", value: [good] });
    expect(b.status).toBe("rejected");
    expect(c).toEqual({ status: "fulfilled", value: [good] });
    expect(await storedAt(f.worker.id, [seconds(40)])).toBe(1);
    expect(await storedAt(f.east.id, [seconds(40)])).toBe(1);
  });

  it("the same position twice in one batch is stored once and new for one request only (the live map and the rules see it once)", async () => {
    const writer = positionWriterOf(f.env.db);
    const p = { wptime: seconds(39) * 1000, lon: 106.8, lat: -6.2, accuracy: null, speed: null, battery: null };
    const owner = { userId: f.worker.id, companyId: f.env.companyA };
    const [x, y] = await Promise.all([writer.store(owner, [p]), writer.store(owner, [p])]);
    expect([...x, ...y]).toEqual([p]);
    expect(await storedAt(f.worker.id, [seconds(39)])).toBe(1);
  });
});

describe("a cached key owner", () => {
  it("a key revoked through one instance is refused by the other on its very next position, nothing stored", async () => {
    for (let i = 0; i < 3; i++) {
      const k = await addKey(f.other);
      // The other instance keeps the key's owner.
      expect((await position(other, k.key, seconds(30) + i)).statusCode).toBe(200);
      expect((await position(other, k.key, seconds(29) + i)).statusCode).toBe(200);
      expect((await f.env.call(f.other, "DELETE", `/api/device-key/delete/${k.id}`)).status).toBe(200);
      const res = await position(other, k.key, seconds(28) + i);
      expect(res.statusCode).toBe(401);
      expect(await storedAt(f.other.id, [seconds(28) + i])).toBe(0);
    }
  });

  it("the key's last-used write does not drop its kept owner: the next position reads no key row", async () => {
    const k = await addKey(f.other);
    // The first position reads the owner and writes the key's last use.
    expect((await position(f.env.app, k.key, seconds(40))).statusCode).toBe(200);
    const reads = vi.spyOn(f.env.app.services.db, "selectFrom");
    try {
      expect((await position(f.env.app, k.key, seconds(39))).statusCode).toBe(200);
      expect(reads.mock.calls.map((c) => String(c[0])).filter((t) => t.startsWith("device_key"))).toEqual([]);
    } finally {
      reads.mockRestore();
    }
    // Still refused at once after a revocation.
    expect((await f.env.call(f.other, "DELETE", `/api/device-key/delete/${k.id}`)).status).toBe(200);
    expect((await position(f.env.app, k.key, seconds(38))).statusCode).toBe(401);
  });

  it("a person disabled through one instance: their key is refused by the other on its next position", async () => {
    const k = await addKey(f.east);
    expect((await position(other, k.key, seconds(20))).statusCode).toBe(200);
    expect((await position(other, k.key, seconds(19))).statusCode).toBe(200);
    expect((await f.env.call(f.env.adminA, "PUT", `/api/human-resource/disable/${f.east.id}`)).status).toBe(200);
    expect((await position(other, k.key, seconds(18))).statusCode).toBe(401);
    expect((await f.env.call(f.env.adminA, "PUT", `/api/human-resource/enable/${f.east.id}`)).status).toBe(200);
    expect((await position(other, k.key, seconds(17))).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("PostgreSQL: positions commit without waiting for the disk, nothing else does", () => {
  it("the positions' connections have synchronous_commit off; the app's own (alarms, clock-ins) on", async () => {
    const setting = async (db: typeof f.env.db) => (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(db)).rows[0].s;
    expect(await setting(positionsDbOf(f.env.db))).toBe("off");
    expect(await setting(f.env.db)).toBe("on");
    // And they write into the same schema: a position sent through /osmand is read by the app.
    const k = await addKey(f.other);
    expect((await position(f.env.app, k.key, seconds(50))).statusCode).toBe(200);
    expect(await storedAt(f.other.id, [seconds(50)])).toBe(1);
  });
});
