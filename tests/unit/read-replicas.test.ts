// The read-replica rule (server/db/replicas.ts) as pure functions: which operations and requests
// read, where a read goes, how far behind a replica is, which errors fall back to the primary.
// The real replica is tested in tests/server/read-replicas.test.ts.
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { loadConfig } from "../../server/config";
import { isReadOperation, isReadRequest, parseLsn, replicaErrorKind, replicaLagMs, routeRead, type LsnSample } from "../../server/db/replicas";

const op = (resource: string, name: string) => {
  const found = resourceByName(resource as never).operations.find((o) => o.name === name);
  if (!found) throw new Error(`${resource} has no ${name}`);
  return found;
};

describe("isReadOperation", () => {
  it("takes the read kinds, list-by-* and custom POST …/search as reads", () => {
    for (const name of ["search", "total"]) expect(isReadOperation(op("project", name)), name).toBe(true);
    expect(isReadOperation({ kind: "list", path: "list", method: "GET" })).toBe(true);
    expect(isReadOperation({ kind: "one", path: "get/{id}", method: "GET" })).toBe(true);
    expect(isReadOperation({ kind: "listSelect", path: "list-select", method: "GET" })).toBe(true);
    expect(isReadOperation({ kind: "custom", path: "list-by-project", method: "GET" })).toBe(true);
    expect(isReadOperation(op("waypoint-monitoring", "searchByUser"))).toBe(true);
  });

  it("leaves writes and other custom operations on the primary", () => {
    expect(isReadOperation(op("project", "add"))).toBe(false);
    expect(isReadOperation({ kind: "update", path: "update/{id}", method: "PUT" })).toBe(false);
    expect(isReadOperation({ kind: "delete", path: "delete/{id}", method: "DELETE" })).toBe(false);
    expect(isReadOperation({ kind: "custom", path: "add-multiple", method: "POST" })).toBe(false);
    expect(isReadOperation({ kind: "custom", path: "get-tree/{project_id}", method: "GET" })).toBe(false);
    expect(isReadOperation({ kind: "custom", path: "research", method: "POST" })).toBe(false);
  });
});

describe("isReadRequest (what is not a read is the token's write)", () => {
  it.each([
    ["GET", "/api/project/list", true],
    ["HEAD", "/api/project/list", true],
    ["POST", "/api/project/search", true],
    ["POST", "/legacy/waypoint-monitoring/:user_id/search", true],
    ["POST", "/api/project/total", true],
    ["POST", "/api/project/add", false],
    ["PUT", "/map-service/map/:mapId", false],
    ["DELETE", "/api/project/delete/:id", false],
    ["POST", undefined, false],
  ] as const)("%s %s → %s", (method, url, read) => {
    expect(isReadRequest(method, url)).toBe(read);
  });
});

describe("routeRead", () => {
  it("sends non-reads to the primary", () => {
    expect(routeRead(false, undefined, 10_000, 5_000)).toBe("primary");
  });
  it("sends a read within the window after the token's write to the primary, later ones to a replica", () => {
    expect(routeRead(true, undefined, 10_000, 5_000)).toBe("replica");
    expect(routeRead(true, 6_000, 10_000, 5_000)).toBe("primary");
    expect(routeRead(true, 5_001, 10_000, 5_000)).toBe("primary");
    expect(routeRead(true, 5_000, 10_000, 5_000)).toBe("replica");
    expect(routeRead(true, 9_999, 10_000, 0)).toBe("replica");
  });
});

describe("replica lag", () => {
  const s = (at: number, lsn: number): LsnSample => ({ at, lsn: BigInt(lsn) });
  it("parses LSNs", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("1/AB008E38")).toBe((1n << 32n) + 0xab008e38n);
    expect(() => parseLsn("nope")).toThrow();
  });
  it("is 0 for a replica at the primary's position, however long the primary was idle", () => {
    const idle = [s(0, 100), s(60_000, 100), s(3_600_000, 100)];
    expect(replicaLagMs(idle, 100n, 3_600_000, 3_600_010)).toBe(0);
  });
  it("is the time since the primary was last at a position the replica has replayed", () => {
    const samples = [s(0, 100), s(1_000, 100), s(2_000, 150), s(3_000, 200)];
    expect(replicaLagMs(samples, 100n, null, 3_010)).toBe(2_010);
    expect(replicaLagMs(samples, 160n, null, 3_010)).toBe(1_010);
    expect(replicaLagMs(samples, 250n, null, 3_010)).toBe(0);
  });
  it("falls back to the replica's replay age when no sample is that old (unknown without one)", () => {
    const samples = [s(1_000, 150), s(2_000, 200)];
    expect(replicaLagMs(samples, 100n, 60_000, 2_010)).toBe(60_000);
    expect(replicaLagMs(samples, 100n, 5, 2_010)).toBe(1_010);
    expect(replicaLagMs(samples, 100n, null, 2_010)).toBeNull();
    expect(replicaLagMs([], 100n, 0, 2_010)).toBeNull();
  });
});

describe("replicaErrorKind", () => {
  it("marks a replica down for connection errors, retries a recovery conflict on the primary, passes others on", () => {
    expect(replicaErrorKind(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5499"), { code: "ECONNREFUSED" }))).toBe("connection");
    expect(replicaErrorKind(new Error("Connection terminated unexpectedly"))).toBe("connection");
    expect(replicaErrorKind(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe("connection");
    expect(replicaErrorKind(Object.assign(new Error("canceling statement due to conflict with recovery"), { code: "40001" }))).toBe("retry");
    expect(replicaErrorKind(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }))).toBe("retry");
    expect(replicaErrorKind(Object.assign(new Error("syntax error"), { code: "42601" }))).toBeNull();
  });
});

describe("configuration", () => {
  it("reads DATABASE_READ_URL (comma separated) and the defaults", () => {
    const c = loadConfig({ DATABASE_READ_URL: " postgres://a@h1/db , postgres://a@h2/db,," });
    expect(c.databaseReadUrls).toEqual(["postgres://a@h1/db", "postgres://a@h2/db"]);
    expect([c.readYourWritesMs, c.replicaMaxLagMs, c.replicaProbeMs]).toEqual([5_000, 5_000, 1_000]);
    expect(loadConfig({}).databaseReadUrls).toEqual([]);
  });
});
