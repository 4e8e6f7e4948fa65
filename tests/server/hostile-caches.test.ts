// Memory no client can fill (issue 7): 1,500 searches each carrying a distinct 1 MB value the
// server ignores kept ~3.5 GB alive, as the plan and count caches were keyed by the raw body and
// bounded by entries only. Now keys hold the normalized body, big entries are not kept, and
// every cache is bounded in bytes (server/cache.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_BYTES_BOUND, COUNT_CACHE, PLAN_CACHE, cacheSizes, cached } from "../../server/cache";
import { planCacheSize } from "../../server/records/plans";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
  // More rows than a page, so searches count (and the count cache is used).
  for (let i = 0; i < 15; i++) expect((await env.call(env.adminA, "POST", "/api/divisi/add", { name: `Divisi ${i}` })).status).toBe(200);
});
afterAll(async () => {
  await env?.close();
});

const totalBytes = () => planCacheSize(env.db).bytes + Object.values(cacheSizes(env.db)).reduce((n, c) => n + c.bytes, 0);
const junk = (i: number) => `${i}:`.padEnd(1_000_000, "x");

describe("cache memory", () => {
  it("200 searches each carrying a distinct 1 MB ignored value leave the caches under their bound, with one plan", async () => {
    const before = planCacheSize(env.db).entries;
    for (let i = 0; i < 200; i++) {
      const res = await env.call(env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "name", value: "", junk: junk(i) }], paging: { start: 0, length: 5 } });
      expect(res.status).toBe(200);
      expect(res.body.recordsFiltered).toBe(15);
    }
    // All 200 bodies are one search: one plan, one count (whatever the key, it holds no junk).
    expect(planCacheSize(env.db).entries).toBe(before + 1);
    expect(totalBytes()).toBeLessThan(CACHE_BYTES_BOUND);
    expect(totalBytes()).toBeLessThan(100_000); // not one of the 200 MB sent is kept
  });

  it("every page of a filter and order is one plan, each page its own rows", async () => {
    const body = (start: number) => ({
      columns: [{ data: "name", operator: "!=", value: "page plan" }],
      orders: { columns: ["name"], ascending: false },
      paging: { start, length: 4 },
    });
    const before = planCacheSize(env.db).entries;
    const pages = [];
    for (const start of [0, 4, 8, 12]) {
      const res = await env.call(env.adminA, "POST", "/api/divisi/search", body(start));
      expect(res.status).toBe(200);
      pages.push(...res.body.data.map((d: { name: string }) => d.name));
    }
    expect(planCacheSize(env.db).entries).toBe(before + 1);
    expect(pages).toHaveLength(15);
    expect(pages).toEqual([...pages].sort().reverse());
  });

  it("searches the server does use, each large (a 1,000-value in list), are answered but not cached", async () => {
    // The tenant's total (recordsTotal) is counted once and kept, as for any search.
    expect((await env.call(env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "name", operator: "!=", value: "z" }] })).status).toBe(200);
    const plans = planCacheSize(env.db).entries;
    const counts = cacheSizes(env.db).count?.entries ?? 0;
    for (let i = 0; i < 20; i++) {
      const value = Array.from({ length: 1000 }, (_, j) => `${i}-${j}-`.padEnd(200, "y"));
      const res = await env.call(env.adminA, "POST", "/api/divisi/search", {
        columns: [
          { data: "name", operator: "in", value },
          { data: "name", operator: "!=", value: "z" },
        ],
      });
      expect(res.status).toBe(200);
    }
    expect(planCacheSize(env.db).entries).toBe(plans);
    expect(cacheSizes(env.db).count?.entries ?? 0).toBe(counts);
    expect(totalBytes()).toBeLessThan(1_000_000);
  });

  it("distinct small searches are cached, within the plan cache's byte bound", async () => {
    const plans = planCacheSize(env.db).entries;
    for (let i = 0; i < 30; i++)
      expect((await env.call(env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "name", operator: "like", value: `${i}`.padEnd(255, "q") }] })).status).toBe(200);
    expect(planCacheSize(env.db).entries).toBe(plans + 30);
    expect(planCacheSize(env.db).bytes).toBeLessThanOrEqual(PLAN_CACHE.maxBytes);
  });

  it("a cache holds no more bytes than its bound, whatever its entries count", async () => {
    const spec = { ...COUNT_CACHE, max: 10_000, maxBytes: 200_000, maxEntryBytes: 50_000 };
    for (let i = 0; i < 100; i++) expect(await cached(env.db, "test-bytes", spec, `k${i}`, ["divisi"], async () => "v".repeat(10_000))).toHaveLength(10_000);
    const size = cacheSizes(env.db)["test-bytes"];
    expect(size.bytes).toBeLessThanOrEqual(spec.maxBytes);
    expect(size.entries).toBeGreaterThan(5);
    expect(size.entries).toBeLessThan(20);
    // An entry bigger than maxEntryBytes is answered, not kept.
    expect(await cached(env.db, "test-bytes", spec, "huge", ["divisi"], async () => "v".repeat(60_000))).toHaveLength(60_000);
    let loads = 0;
    await cached(env.db, "test-bytes", spec, "huge", ["divisi"], async () => `${++loads}`);
    expect(loads).toBe(1);
  });
});
