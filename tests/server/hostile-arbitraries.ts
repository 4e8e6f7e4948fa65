// Generators of hostile requests (fast-check) shared by the property test
// (tests/server/hostile-fuzz.test.ts) and the fuzz run (bench/fuzz.ts): wrong types, huge and
// tiny numbers, deep nesting, long strings, unknown keys, __proto__, to search, add, update
// and delete of any resource.
import fc from "fast-check";
import { API_RESOURCES, RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import { OPERATORS } from "../../server/records/query";

/**
 * `depth` arrays or objects, one inside the other: held as this marker and written out as text
 * by `bodyText` (fast-check's reports and JSON.stringify recurse and would overflow themselves).
 */
class Deep {
  constructor(
    readonly depth: number,
    readonly asObject: boolean,
  ) {}
  toJSON() {
    return `\u0001${this.depth}:${this.asObject ? 1 : 0}\u0001`;
  }
  [fc.toStringMethod]() {
    return `<${this.depth} nested ${this.asObject ? "objects" : "arrays"}>`;
  }
}
export const bodyText = (body: unknown): string =>
  JSON.stringify(body).replace(/"\\u0001(\d+):([01])\\u0001"/g, (_, d: string, o: string) =>
    o === "1" ? `${'{"a":'.repeat(Number(d))}1${"}".repeat(Number(d))}` : `${"[".repeat(Number(d))}1${"]".repeat(Number(d))}`,
  );

const number = fc.oneof(
  {
    arbitrary: fc.constantFrom(2 ** 63, 1e20, 1e308, -1e308, 8640000000000001, -8640000000000001, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, -1, 0, -0, 5e-324, 0.1),
    weight: 3,
  },
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u0007bell",
    "\ud800",
    "'; drop table divisi; --",
    "%_\\",
    "__proto__",
    "9223372036854775808",
    "1e308",
    "-1",
    "2026-13-45",
    "2026-02-29T25:61:00Z",
    "NaN",
    "Infinity",
    "[1,2]",
    '{"a":1}',
    "true",
  ),
  fc.integer({ min: 256, max: 200_000 }).map((n) => "x".repeat(n)),
);
const key = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "columns",
    "orders",
    "paging",
    "start",
    "length",
    "data",
    "value",
    "value1",
    "operator",
    "ascending",
    "items",
    "id",
    "company_id",
    "name",
    "structure",
  ),
  fc.string({ maxLength: 8 }),
);
const leaf = fc.oneof(number, text, fc.boolean(), fc.constant(null));
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 4 }),
    { arbitrary: fc.tuple(fc.oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 3000, max: 6000 })), fc.boolean()).map(([d, o]) => new Deep(d, o)), weight: 2 },
    fc.integer({ min: 2, max: 1200 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  ),
}));

const fieldName = (r: ResolvedResource) => fc.oneof(fc.constantFrom(...r.fields.map((f) => f.name), "id", "created_at", "updated_at", "company_id", "password"), value);
const column = (r: ResolvedResource) => fc.record({ data: fieldName(r), operator: fc.oneof(fc.constantFrom(...OPERATORS), value), value, value1: value }, { requiredKeys: [] });
const searchBody = (r: ResolvedResource) =>
  fc.oneof(
    fc.record(
      {
        columns: fc.oneof(
          fc.array(column(r), { maxLength: 4 }),
          fc.integer({ min: 40, max: 1200 }).map((n) => Array.from({ length: n }, () => ({ data: "id", operator: ">", value: 0 }))),
          value,
        ),
        orders: fc.oneof(fc.record({ columns: fc.oneof(fieldName(r), fc.array(fieldName(r), { maxLength: 3 })), ascending: value }, { requiredKeys: [] }), value),
        paging: fc.oneof({ arbitrary: fc.record({ start: fc.oneof(number, value), length: fc.oneof(number, value) }, { requiredKeys: [] }), weight: 3 }, value),
        junk: value,
      },
      { requiredKeys: [] },
    ),
    value,
  );
const recordBody = (r: ResolvedResource) => fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom(...r.fields.map((f) => f.name)), key), value, { maxKeys: 6 }), value);
const idPart = fc.oneof(fc.constantFrom("1", "2", "3", "0", "-1", "1.5", "1e308", "9223372036854775808", "abc", "%00", "%2e%2e", "1;2"), fc.nat(50).map(String));

export type Call = { method: "POST" | "PUT" | "DELETE"; url: string; body: unknown };
/** A hostile request to search, add, update or delete of one of `names` (resources with a table). */
export const hostileCall = (names: readonly string[]): fc.Arbitrary<{ name: string; c: Call }> =>
  fc.constantFrom(...names).chain((name) => {
    const r = RESOURCE_BY_NAME.get(name)!;
    const base = `/api/${r.path}`;
    const has = (op: string) => r.operations.some((o) => o.name === op);
    const calls: Array<fc.Arbitrary<Call>> = [];
    if (has("search")) calls.push(searchBody(r).map((body) => ({ method: "POST" as const, url: `${base}/search`, body })));
    if (has("add")) calls.push(recordBody(r).map((body) => ({ method: "POST" as const, url: `${base}/add`, body })));
    if (has("update")) calls.push(fc.tuple(idPart, recordBody(r)).map(([id, body]) => ({ method: "PUT" as const, url: `${base}/update/${id}`, body })));
    if (has("delete")) calls.push(fc.tuple(idPart, fc.option(value)).map(([id, body]) => ({ method: "DELETE" as const, url: `${base}/delete/${id}`, body })));
    return fc.oneof(...calls).map((c) => ({ name, c }));
  });

/** Names of resources with a table and at least one of search, add, update, delete. */
export const fuzzableResources = (): string[] =>
  API_RESOURCES.filter((r) => r.table && r.operations.some((o) => ["search", "add", "update", "delete"].includes(o.name))).map((r) => r.name);

// ---- Field capture (issue 17): multipart clock-in/out, panic, acknowledge, position batches,
// device keys, the day, time zones and /osmand in its query, form and JSON forms -------------

/** One part of a multipart body (files-multipart.ts `Part`, kept here without its import). */
export interface FormPart {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  contentType?: string;
}

/** A request of the field-capture endpoints: a JSON body, multipart parts, a raw body of a type (text or bytes), or none. */
export type FieldCall = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  form?: FormPart[];
  raw?: { type: string; text: string } | { type: string; bytes: Uint8Array };
};

/** What the generators may aim at: a real project, alarm and device key (so deeper checks are reached too). */
export interface FieldTargets {
  projectId: number;
  panicId: number;
  deviceKey: string;
}

const PNG = Uint8Array.from(
  Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010800000000376ef9240000000a49444154789c63600000000200015d0b3a1d0000000049454e44ae426082", "hex"),
);
const selfie = fc.oneof(
  { arbitrary: fc.constant(PNG), weight: 4 },
  fc.uint8Array({ maxLength: 2048 }),
  fc.constant(new Uint8Array(0)),
  fc.constant(Uint8Array.from(Buffer.from("<svg onload=alert(1)>"))),
);
const fieldText = (t: FieldTargets) =>
  fc.oneof(
    text,
    number.map(String),
    fc.constantFrom(String(t.projectId), "106.8", "-6.2", "8", "150", new Date().toISOString(), "2020-01-01T00:00:00Z", "idem-key-0001", "abc", "[106.8,-6.2]"),
  );
const FIELD_NAMES = ["lon", "lat", "accuracy", "project_id", "captured_at", "idempotency_key", "note", "user_id", "selfie", "message", "__proto__", "x"];
const captureForm = (t: FieldTargets): fc.Arbitrary<FormPart[]> =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES), fieldText(t)), { maxLength: 8 }),
      fc.array(fc.tuple(fc.constantFrom("selfie", "file", "selfie", "other"), selfie), { maxLength: 2 }),
    )
    .map(([fields, files]) => [...fields.map(([name, v]) => ({ name, value: v })), ...files.map(([name, v]) => ({ name, value: v, filename: "x.png", contentType: "image/png" }))]);
const captureJson = (t: FieldTargets) =>
  fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES, "points", "location"), key), fc.oneof(value, fieldText(t)), { maxKeys: 6 }), value);
const point = (t: FieldTargets) =>
  fc.oneof(
    fc.record(
      {
        wptime: fc.oneof(fc.constant(new Date().toISOString()), fieldText(t), value),
        lon: fc.oneof(number, value),
        lat: fc.oneof(number, value),
        accuracy: value,
        speed: value,
        battery: value,
      },
      { requiredKeys: [] },
    ),
    value,
  );
const points = (t: FieldTargets) => fc.oneof(fc.record({ points: fc.oneof(fc.array(point(t), { maxLength: 6 }), value), user_id: value }, { requiredKeys: [] }), value);
/** A value in a URL: percent-encoded, a lone surrogate sent as the raw bytes a client might send. */
const uriPart = (v: string): string => {
  try {
    return encodeURIComponent(v);
  } catch {
    return escape(v);
  }
};
const queryValue = (t: FieldTargets) => fc.oneof(fieldText(t), fc.constantFrom(t.deviceKey, t.deviceKey, "%00", "%ZZ", "1,2,3", "-91", "181", "1e400"));
const osmandQuery = (t: FieldTargets) =>
  fc
    .array(fc.tuple(fc.constantFrom("id", "deviceid", "lat", "lon", "location", "timestamp", "speed", "batt", "accuracy", "bearing", "__proto__", "x"), queryValue(t)), {
      maxLength: 8,
    })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${uriPart(v).slice(0, 4000)}`).join("&"));
const osmandJson = (t: FieldTargets) =>
  fc.oneof(
    fc.record(
      {
        device_id: fc.oneof(fc.constant(t.deviceKey), value),
        location: fc.oneof(
          fc.record(
            {
              timestamp: fc.oneof(fc.constant(new Date().toISOString()), value),
              coords: fc.oneof(fc.record({ latitude: fc.oneof(number, value), longitude: fc.oneof(number, value), accuracy: value, speed: value }, { requiredKeys: [] }), value),
              battery: value,
            },
            { requiredKeys: [] },
          ),
          fc.array(value, { maxLength: 4 }),
          value,
        ),
      },
      { requiredKeys: [] },
    ),
    value,
  );

// ---- Multipart bodies, well formed or not (issue 28): cut short, without or with a wrong
// boundary, broken part headers, LF for CRLF, too many parts, a field declared JSON that is not,
// random bytes; to every upload endpoint -------------------------------------------------------

/** The upload endpoints and the form field each takes its file(s) in. */
export const UPLOAD_ENDPOINTS = [
  { url: "/api/presence/clock-in", file: "selfie" },
  { url: "/api/presence/clock-out", file: "selfie" },
  { url: "/api/image/upload", file: "file" },
  { url: "/api/image/multiple-upload", file: "file" },
  { url: "/api/document-project/upload", file: "file" },
] as const;

/** Fields an endpoint takes as they are (so some generated uploads are stored, and deeper checks reached). */
const validFields = (t: FieldTargets, url: string): Array<[string, string]> =>
  url.includes("/presence/")
    ? [
        ["lon", "106.8"],
        ["lat", "-6.2"],
        ["accuracy", "8"],
        ["project_id", String(t.projectId)],
      ]
    : url.includes("/image/")
      ? [
          ["folder", "profile"],
          ["owner_id", "1"],
        ]
      : [["project_id", String(t.projectId)]];

const utf8 = (s: string) => Buffer.from(s, "utf8");
const uploadFieldNames = ["lon", "lat", "accuracy", "project_id", "folder", "owner_id", "description", "folder_id", "note", "captured_at", "__proto__", "x"];

/** A multipart body as sent, with its Content-Type: well formed, then perhaps broken in one of many ways. */
const multipartBody = (t: FieldTargets, e: { url: string; file: string }): fc.Arbitrary<{ type: string; bytes: Uint8Array }> =>
  fc
    .record({
      boundary: fc.oneof(fc.constant("----fwfuzzb0undary"), fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/)),
      fields: fc.oneof(fc.constant(validFields(t, e.url)), fc.array(fc.tuple(fc.constantFrom(...uploadFieldNames), fieldText(t)), { maxLength: 6 })),
      files: fc.oneof(
        fc.constant([[e.file, PNG, "a.png"] as [string, Uint8Array, string]]),
        fc.array(fc.tuple(fc.constantFrom(e.file, e.file, "file", "selfie", "other"), selfie, fc.constantFrom("a.png", "", "../x.png", "\u0000.png", "é.jpg")), {
          maxLength: 3,
        }),
      ),
      mutation: fc.oneof(
        { arbitrary: fc.constant({ kind: "none" as const }), weight: 2 },
        fc.record({ kind: fc.constant("cut" as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
        fc.constant({ kind: "no-end" as const }),
        fc.constant({ kind: "no-boundary-param" as const }),
        fc.constant({ kind: "other-boundary" as const }),
        fc.constant({ kind: "empty-boundary" as const }),
        fc.constant({ kind: "lf-only" as const }),
        fc.record({
          kind: fc.constant("header" as const),
          line: fc.constantFrom(
            "Content-Disposition: form-data",
            "Content-Disposition: attachment; name=x",
            "no colon here",
            "Content-Type: application/json",
            "Content-Transfer-Encoding: base64",
            `X-Long: ${"y".repeat(90_000)}`,
          ),
        }),
        fc.record({ kind: fc.constant("json-field" as const), value: fc.constantFrom("{not json", "[1,2", '{"a":1}', "") }),
        fc.record({ kind: fc.constant("many-fields" as const), n: fc.integer({ min: 40, max: 120 }) }),
        fc.record({ kind: fc.constant("many-files" as const), n: fc.integer({ min: 2, max: 30 }) }),
        fc.record({ kind: fc.constant("bytes" as const), bytes: fc.uint8Array({ maxLength: 512 }) }),
      ),
    })
    .map(({ boundary, fields, files, mutation }) => {
      const m = mutation;
      const nl = m.kind === "lf-only" ? "\n" : "\r\n";
      const open = (name: string, filename?: string, extra = "") =>
        utf8(
          `--${boundary}${nl}Content-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"${filename === undefined ? "" : `; filename="${filename}"${nl}Content-Type: image/png`}${extra}${nl}${nl}`,
        );
      const chunks: Buffer[] = [];
      for (const [name, v] of fields) chunks.push(open(name), utf8(v), utf8(nl));
      if (m.kind === "header") chunks.push(utf8(`--${boundary}${nl}${m.line}${nl}${nl}value${nl}`));
      if (m.kind === "json-field") chunks.push(open("note", undefined, `${nl}Content-Type: application/json`), utf8(m.value), utf8(nl));
      if (m.kind === "many-fields") for (let i = 0; i < m.n; i++) chunks.push(open(`f${i}`), utf8("1"), utf8(nl));
      const allFiles = m.kind === "many-files" ? Array.from({ length: m.n }, () => [e.file, PNG, "p.png"] as const) : files;
      for (const [name, v, filename] of allFiles) chunks.push(open(name, filename), Buffer.from(v), utf8(nl));
      if (m.kind !== "no-end") chunks.push(utf8(`--${boundary}--${nl}`));
      let bytes: Buffer = Buffer.concat(chunks);
      if (m.kind === "cut") bytes = bytes.subarray(0, Math.floor(bytes.length * m.at));
      if (m.kind === "bytes") bytes = Buffer.from(m.bytes);
      const type =
        m.kind === "no-boundary-param"
          ? "multipart/form-data"
          : m.kind === "other-boundary"
            ? `multipart/form-data; boundary=${boundary}x`
            : m.kind === "empty-boundary"
              ? "multipart/form-data; boundary="
              : `multipart/form-data; boundary=${boundary}`;
      return { type, bytes: new Uint8Array(bytes) };
    });

/** A multipart request, well formed or not, to one of the upload endpoints. */
export const hostileUploadCall = (t: FieldTargets): fc.Arbitrary<FieldCall> =>
  fc.constantFrom(...UPLOAD_ENDPOINTS).chain((e) => multipartBody(t, e).map((raw) => ({ method: "POST" as const, url: e.url, raw })));

/** A hostile request to one of the field-capture endpoints. */
export const hostileFieldCall = (t: FieldTargets): fc.Arbitrary<FieldCall> =>
  fc.oneof(
    { arbitrary: hostileUploadCall(t), weight: 3 },
    captureForm(t).map((form) => ({ method: "POST" as const, url: "/api/presence/clock-in", form })),
    captureForm(t).map((form) => ({ method: "POST" as const, url: "/api/presence/clock-out", form })),
    captureJson(t).map((body) => ({ method: "POST" as const, url: "/api/presence/clock-in", body })),
    captureJson(t).map((body) => ({ method: "POST" as const, url: "/api/panic-button/add", body })),
    fc
      .tuple(fc.oneof(fc.constant(String(t.panicId)), idPart), fc.option(value))
      .map(([id, body]) => ({ method: "PUT" as const, url: `/api/panic-button/acknowledge/${id}`, body })),
    points(t).map((body) => ({ method: "POST" as const, url: "/api/waypoint/add-batch", body })),
    captureJson(t).map((body) => ({ method: "POST" as const, url: "/api/device-key/add", body })),
    idPart.map((id) => ({ method: "DELETE" as const, url: `/api/device-key/delete/${id}` })),
    fc.constantFrom("/api/presence/today", "/api/project/time-zones").map((url) => ({ method: "GET" as const, url })),
    osmandQuery(t).map((q) => ({ method: "GET" as const, url: `/osmand?${q}` })),
    osmandQuery(t).map((q) => ({ method: "POST" as const, url: "/osmand", raw: { type: "application/x-www-form-urlencoded", text: q } })),
    osmandJson(t).map((body) => ({ method: "POST" as const, url: "/osmand", body })),
    fc
      .tuple(fc.constantFrom("text/plain", "application/octet-stream", "application/xml"), text)
      .map(([type, body]) => ({ method: "POST" as const, url: "/osmand", raw: { type, text: body } })),
  );

/** The payload and headers of a field call (multipart built by hand, JSON through bodyText). */
export function encodeFieldCall(c: FieldCall): { payload?: Buffer | string; headers: Record<string, string> } {
  if (c.form) {
    const boundary = `----fwfuzz${Math.random().toString(16).slice(2)}`;
    const chunks: Buffer[] = [];
    for (const p of c.form) {
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name.replace(/["\r\n]/g, "_")}"`;
      if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? "application/octet-stream"}`;
      chunks.push(Buffer.from(`${head}\r\n\r\n`, "utf8"), typeof p.value === "string" ? Buffer.from(p.value, "utf8") : Buffer.from(p.value), Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }
  if (c.raw) return { payload: "bytes" in c.raw ? Buffer.from(c.raw.bytes) : c.raw.text, headers: { "content-type": c.raw.type } };
  if (c.body !== undefined) return { payload: bodyText(c.body), headers: { "content-type": "application/json" } };
  return { headers: {} };
}
