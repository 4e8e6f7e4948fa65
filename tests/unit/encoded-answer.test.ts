// Search answers kept encoded (server/http/encoded-answer.ts): which clients get the stored gzip,
// and which answers are stored without one (under the compression threshold).
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, encodeAnswer } from "../../server/http/encoded-answer";
import { page } from "../../server/http/envelope";
import { API_COMPRESSION } from "../../server/http/stack";

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["GZIP", true],
    ["*", true],
    ["br, *;q=0.1", true],
    ["gzip;q=0", false],
    ["gzip; q=0.000, br", false],
    ["*;q=0", false],
    ["br, deflate", false],
    ["identity", false],
    ["", false],
  ])("%j → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it("reads no header as no gzip, and a repeated header as one list", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(["br", "gzip"])).toBe(true);
  });
});

describe("encodeAnswer", () => {
  it("keeps the envelope's JSON and, from the compression threshold on, that JSON gzipped", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Project ${i + 1}`, status: "in_progress" }));
    const big = encodeAnswer(page(rows, 40, 40));
    expect(JSON.parse(big.json)).toEqual({ status: true, data: rows, recordsTotal: 40, recordsFiltered: 40 });
    expect(Buffer.byteLength(big.json)).toBeGreaterThanOrEqual(API_COMPRESSION.threshold);
    expect(gunzipSync(big.gzip!).toString("utf8")).toBe(big.json);
    expect(big.statusCode).toBe(200);
    const small = encodeAnswer(page([{ id: 1 }], 1, 1));
    expect(small.gzip).toBeNull();
  });
});
