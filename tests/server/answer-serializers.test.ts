// The compiled serializers of pages and lists (server/http/answer-serializers.ts) write exactly
// what JSON.stringify writes, for every resource's records: any value a field may hold (null,
// quotes and control characters, non-Latin text, big and negative numbers, nested json), keys the
// declaration does not name, and values a compiled serializer would refuse.
import { describe, expect, it } from "vitest";
import { API_RESOURCES, LEGACY_RESOURCES, type ResolvedResource } from "../../declaration";
import { isNumericField } from "../../server/db/codec";
import { recordsSerializer } from "../../server/http/answer-serializers";
import { labelKeysOf } from "../../server/records/labels";

const TEXTS = ['Jl. "Diponegoro" No. 5\nBogor', "Ñandú — 日本語 ✓ \u2028", "", "\u0000\u001f\\", "a".repeat(300)];

/** A record as the decoder answers it, the n-th variant of each value. */
function recordOf(r: ResolvedResource, n: number): Record<string, unknown> {
  const rec: Record<string, unknown> = {};
  for (const f of r.fields) {
    if (f.type === "password" || f.virtual) continue;
    if (n === 0) rec[f.name] = null;
    else if (f.type === "boolean") rec[f.name] = n % 2 === 0;
    else if (f.type === "json" || f.type === "geo") rec[f.name] = n % 2 ? { type: "Point", coordinates: [106.8, -6.2], 'x"y': [null, true, "ü"] } : [1, [2, [3]]];
    else if (isNumericField(f)) rec[f.name] = [0, -1, 2 ** 53 - 1, 1234.5678, 1e21][n % 5];
    else rec[f.name] = TEXTS[n % TEXTS.length];
  }
  for (const key of labelKeysOf(r)) rec[key] = n % 3 === 0 ? null : n % 3 === 1 ? TEXTS[n % TEXTS.length] : 42;
  return rec;
}

describe("compiled page and list serializers", () => {
  const resources = [...API_RESOURCES, ...LEGACY_RESOURCES].filter((r) => r.table);

  it("write what JSON.stringify writes, for every resource's records", () => {
    expect(resources.length).toBeGreaterThan(50);
    for (const r of resources) {
      const data = [0, 1, 2, 3, 4, 5].map((n) => recordOf(r, n));
      const bodies = [
        { status: true, data, recordsTotal: 100000, recordsFiltered: 6 },
        { status: true, message: "Showing the first 1,000 of 5,000 records.", data, recordsTotal: 5000, recordsFiltered: 5000 },
        { status: true, data: [] },
        { status: true, data: data.map((d) => ({ ...d, extra: { nested: ["kept"] } })), key: "unexpected" },
      ];
      for (const body of bodies) expect(recordsSerializer(r)(body), r.name).toBe(JSON.stringify(body));
    }
  });

  it("write fields sent as text (a waypoint's lon and lat) as JSON.stringify writes them", () => {
    const r = resources.find((x) => x.name === "waypoint")!;
    const data = [1, 2, 3].map((n) => ({ ...recordOf(r, n), lon: n === 3 ? null : "106.827153", lat: "-6.2" }));
    const body = { status: true, data, recordsTotal: 3, recordsFiltered: 3 };
    expect(recordsSerializer(r, ["lon", "lat"])(body)).toBe(JSON.stringify(body));
  });

  it("fall back to JSON.stringify for a value the compiled code refuses", () => {
    const r = resources.find((x) => x.fields.some(isNumericField))!;
    const f = r.fields.find(isNumericField)!;
    const body = { status: true, data: [{ ...recordOf(r, 1), [f.name]: Number("not a number") }] };
    expect(recordsSerializer(r)(body)).toBe(JSON.stringify(body));
  });
});
