// The OpenAPI 3.1 document of the API (GET /api/openapi.json), made from the declaration: every
// operation of every resource with its method and path as server/routes/register.ts registers
// them, request bodies and records as JSON Schema from the fields (declaration/field-schema.ts,
// the facts the shared check applies), the error envelope of docs/api.md, the bearer token and
// the right each operation needs (`x-right`). docs/api.md stays the prose reference.
import { readFileSync } from "node:fs";
import { API_RESOURCES, describeRight, genericCustomOf, LEGACY_RESOURCES, type ResolvedField, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { nullable, valueSchema, type JsonSchema } from "../../declaration/field-schema";
import { LIMITS } from "../http/limits";
import { DATA_EXCEPTIONS } from "./answer-exceptions";
import { AUTH_PATHS } from "./auth-paths";
import { CONVENTIONS } from "./conventions";
import { MAX_ITEMS } from "../records/store";
import { isImplemented, PREFIX } from "../routes/register";
import { writableFields } from "../validation/record";

const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const pascal = (s: string): string => s.replace(/(^|[-_.])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const envelope = (data: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  allOf: [ref("Envelope"), { type: "object", required: ["data"], properties: { data, ...extra } }],
});
const json = (schema: JsonSchema, example?: unknown) => ({ "application/json": { schema, ...(example === undefined ? {} : { example }) } });

/** The OpenAPI path of an operation: the Fastify URL of register.ts with `{x}` parameters. */
export const openApiPath = (r: ResolvedResource, op: ResolvedOperation): string => `${PREFIX[r.service]}/${r.path}${op.path ? `/${op.path}` : ""}`;

/** Fields a record answers: not passwords, not virtual ones. */
const answeredFields = (r: ResolvedResource): ResolvedField[] => r.fields.filter((f) => f.type !== "password" && !f.virtual);

function recordSchema(r: ResolvedResource): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of answeredFields(r)) {
    const s = valueSchema(f);
    properties[f.name] = f.name === "id" ? s : nullable(f.serverOwned ? { ...s, readOnly: true } : s);
    if (f.type === "ref") properties[`${f.name}_label`] = { type: ["string", "number", "null"], readOnly: true, description: `The label of the ${f.ref} record it names.` };
  }
  return { type: "object", ...(r.table ? { required: ["id"] } : {}), properties };
}

/** A body of add (required fields without a default are required) or of update (only what changes). */
function inputSchema(fields: ResolvedField[], mode: "create" | "update"): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of fields) {
    const s = valueSchema(f);
    properties[f.name] = f.required ? s : nullable(s);
    if (mode === "create" && f.required && f.default === undefined) required.push(f.name);
  }
  return {
    type: "object",
    description: "Unknown, server-owned and implicit fields (id, company_id, timestamps) are dropped.",
    ...(required.length ? { required } : {}),
    properties,
  };
}

/** A multipart body: the fields as text (read loosely: "2" for a number) and the declared file parts. */
function multipartSchema(r: ResolvedResource, op: ResolvedOperation): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  if (op.standard)
    for (const f of writableFields(r)) if (f.type !== "image" && f.type !== "file") properties[f.name] = { type: "string", description: `A ${f.type} value as text.` };
  for (const [name, slot] of Object.entries(op.files ?? {})) {
    const file: JsonSchema = { type: "string", contentMediaType: "application/octet-stream", ...(slot.accept ? { description: `Accepted: ${slot.accept}` } : {}) };
    properties[name] = slot.max === 1 ? file : { type: "array", items: file, maxItems: slot.max };
  }
  return { type: "object", properties };
}

function requestBody(r: ResolvedResource, op: ResolvedOperation): JsonSchema | undefined {
  const name = pascal(r.name);
  if (op.multipart) return { required: true, content: { "multipart/form-data": { schema: multipartSchema(r, op) } } };
  if (op.method === "GET" || op.method === "DELETE") return undefined;
  switch (op.kind) {
    case "create":
      return { required: true, content: json(ref(`${name}Create`)) };
    case "update":
      return { required: true, content: json(ref(`${name}Update`)) };
    case "search":
    case "total":
      return { required: false, content: json(ref("SearchBody")) };
  }
  if (genericCustomOf(op) === "createMany")
    return {
      required: true,
      content: json({ type: "object", required: ["items"], properties: { items: { type: "array", minItems: 1, maxItems: MAX_ITEMS, items: ref(`${name}Create`) } } }),
    };
  if (op.input)
    return { required: true, content: json({ ...inputSchema(op.input, "create"), description: "The operation's declared input; other keys are left to its handler." }) };
  const action = r.flow?.actions[op.name];
  if (action) {
    const fields = action.fields.map((a) => ({ decl: a, field: r.fields.find((f) => f.name === a.name) })).filter((x) => x.field);
    return {
      required: fields.some((x) => x.decl.required),
      content: json({
        type: "object",
        ...(fields.some((x) => x.decl.required) ? { required: fields.filter((x) => x.decl.required).map((x) => x.decl.name) } : {}),
        properties: Object.fromEntries(fields.map((x) => [x.decl.name, x.decl.required ? valueSchema(x.field!) : nullable(valueSchema(x.field!))])),
      }),
    };
  }
  return { required: false, content: json({ type: "object", description: 'See docs/api.md, "Answers of the custom operations".' }) };
}

function answerSchema(r: ResolvedResource, op: ResolvedOperation): JsonSchema {
  const record = ref(pascal(r.name));
  const exception = DATA_EXCEPTIONS[`${r.name}.${op.name}`];
  if (exception) return envelope(exception, op.kind === "search" ? { recordsTotal: { type: "integer" }, recordsFiltered: { type: "integer" } } : {});
  switch (op.kind) {
    case "create":
    case "one":
    case "update":
      return envelope(record);
    case "search":
      return envelope({ type: "array", items: record }, { recordsTotal: { type: "integer" }, recordsFiltered: { type: "integer" } });
    case "list":
      return envelope({ type: "array", items: record });
    case "listSelect":
      return envelope({ type: "array", items: { type: "object", required: ["value", "label"], properties: { value: { type: "integer" }, label: {} } } });
    case "total":
      return envelope({ type: "object", required: ["total"], properties: { total: { type: "integer", minimum: 0 } } });
    case "delete":
      return envelope({ type: "null" });
  }
  switch (genericCustomOf(op)) {
    case "createMany":
      return envelope({ type: "array", items: { allOf: [record, { type: "object", properties: { existing: { type: "boolean" } } }] } });
    case "deleteBy":
      return envelope({ type: "object", required: ["deleted"], properties: { deleted: { type: "integer", minimum: 0 } } });
    case "listBy":
      return envelope({ type: "array", items: record });
  }
  if (r.flow?.actions[op.name]) return envelope(record);
  return envelope({ description: 'See docs/api.md, "Answers of the custom operations".' });
}

/** Lists filter by query-string keys that are fields of the resource: equality, a repeated key meaning "in" (docs/api.md "Operations"). */
const filtersByQuery = (r: ResolvedResource, op: ResolvedOperation): boolean =>
  !!r.table && op.method === "GET" && (op.kind === "list" || op.kind === "listSelect" || genericCustomOf(op) === "listBy");

function parameters(r: ResolvedResource, op: ResolvedOperation): JsonSchema[] {
  const path = op.params.map((p) => {
    const f = r.fields.find((x) => x.name === p);
    return { name: p, in: "path", required: true, schema: f && f.type !== "password" ? valueSchema(f) : { type: "string" } };
  });
  if (!filtersByQuery(r, op)) return path;
  const query = r.fields
    .filter((f) => !f.virtual && f.type !== "password" && f.type !== "json" && f.type !== "geo" && !op.params.includes(f.name))
    .map((f) => ({ name: f.name, in: "query", required: false, schema: { anyOf: [valueSchema(f), { type: "array", items: valueSchema(f) }] }, explode: true }));
  return [...path, ...query];
}

function responses(r: ResolvedResource, op: ResolvedOperation): Record<string, JsonSchema> {
  // A declared example answer (CustomOperationDecl.example) is shown in its envelope.
  const example = op.example === undefined ? undefined : { status: true, data: op.example };
  const out: Record<string, JsonSchema> = { "200": { description: "Done.", content: json(answerSchema(r, op), example) } };
  const error = (name: string) => ({ $ref: `#/components/responses/${name}` });
  out["400"] = error("BadRequest");
  if (op.right.kind !== "public") out["401"] = error("Unauthorized");
  // Handlers refuse beyond the declared right too (owner_only, own_records, a bad signature), and
  // answer 404 for a record named in the path, the query or the body.
  out["403"] = error("Forbidden");
  out["404"] = error("NotFound");
  if (op.writes || op.method !== "GET") out["409"] = error("Conflict");
  if (op.method !== "GET") out["413"] = error("TooLarge");
  if (op.method !== "GET") out["415"] = error("UnsupportedMedia");
  out["429"] = error("RateLimited");
  out["500"] = error("ServerError");
  if (!isImplemented(r, op)) out["501"] = error("NotImplemented");
  return out;
}

function operation(r: ResolvedResource, op: ResolvedOperation): JsonSchema {
  const right = describeRight(op.right, r.access);
  const body = requestBody(r, op);
  return {
    operationId: `${r.name}.${op.name}`,
    tags: [r.name],
    summary: `${r.name}: ${op.name}`,
    description: `${op.summary ? `${op.summary} ` : ""}Needs: ${right}.${op.writes ? " A write: refused (409 read_only) in a read-only session." : ""}${op.beyondSpec ? " Beyond the original spec." : ""}`,
    ...(op.right.kind === "public" ? { security: [] } : {}),
    ...(op.params.length || filtersByQuery(r, op) ? { parameters: parameters(r, op) } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(r, op),
    "x-right": { text: right, ...op.right },
    "x-writes": op.writes,
  };
}

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  required: ["status", "key", "message"],
  properties: {
    status: { const: false },
    key: { type: "string", description: 'The stable message key (docs/api.md "Errors"): clients decide by it.' },
    message: { type: "string", description: "Text for people, in the request's language (Accept-Language: en or id)." },
    errors: { type: "object", additionalProperties: { type: "string" }, description: "400/409: a message per field (paths such as items.2.user_id)." },
    details: { description: "Some keys carry details (in_use: { uses }, read_only: { reason }, ...)." },
  },
};

const ERROR_RESPONSES: Record<string, [string, string]> = {
  BadRequest: ["400", "Bad input: validation_failed (errors per field), bad_request, bad_paging, items_required, bad_multipart."],
  Unauthorized: ["401", "No, unknown, expired or revoked token (unauthorized)."],
  Forbidden: ["403", "The role may not do this (the operation's x-right), or the handler refuses it: forbidden, owner_only, own_records, above_own_rights, a bad signature."],
  NotFound: ["404", "No such record (named in the path, the query or the body), also another company's (not_found); no such address (route_not_found)."],
  Conflict: ["409", "A unique value taken (errors), in_use, a state change not allowed, read_only, last_administrator, ..."],
  TooLarge: ["413", "A body over BODY_LIMIT or a file over UPLOAD_MAX_MB (too_large)."],
  UnsupportedMedia: ["415", "A file type not accepted, or an unsupported Content-Type (unsupported_media)."],
  RateLimited: ["429", "Too many requests (rate_limited, with Retry-After) or attempts (too_many_attempts)."],
  ServerError: ["500", "A server fault (server_error); no internals in the message."],
  NotImplemented: ["501", "A declared operation without a handler (not_implemented)."],
};

const SEARCH_BODY: JsonSchema = {
  type: "object",
  description: 'docs/api.md "Search body".',
  properties: {
    paging: {
      type: "object",
      properties: { start: { type: "integer", minimum: 0, maximum: LIMITS.maxPagingValue }, length: { type: "integer", minimum: -1, maximum: LIMITS.maxPagingValue } },
    },
    columns: {
      type: "array",
      maxItems: LIMITS.searchColumns,
      items: {
        type: "object",
        required: ["data"],
        properties: {
          data: { type: "string", description: "A field of the resource." },
          value: {},
          value1: {},
          operator: { enum: ["=", "!=", "<", "<=", ">", ">=", "like", "in", "range", "null", "notnull"] },
        },
      },
    },
    orders: {
      type: "object",
      properties: { columns: { anyOf: [{ type: "string" }, { type: "array", maxItems: LIMITS.searchColumns, items: { type: "string" } }] }, ascending: { type: "boolean" } },
    },
  },
};

/** Routes that are not resources of the declaration but that a client of the API needs first. */
const OWN_PATHS: Record<string, JsonSchema> = {
  "/api/login": {
    post: {
      operationId: "login",
      tags: ["auth"],
      summary: 'Sign in: a token for the Authorization header (docs/api.md "Auth").',
      security: [],
      requestBody: { required: true, content: json({ type: "object", required: ["email", "password"], properties: { email: { type: "string" }, password: { type: "string" } } }) },
      responses: {
        "200": {
          description: "A session (data.token, data.expires_at, data.user, data.role, data.menus), or the second step of a two-factor sign-in (data.two_factor).",
          content: json(envelope({ type: "object" })),
        },
        "400": { $ref: "#/components/responses/BadRequest" },
        "401": { $ref: "#/components/responses/Unauthorized" },
        "429": { $ref: "#/components/responses/RateLimited" },
      },
      "x-right": { text: "public", kind: "public" },
    },
  },
  "/api/health": {
    get: {
      operationId: "health",
      tags: ["service"],
      summary: "Whether the server and its database answer.",
      security: [],
      responses: {
        "200": { description: "Up.", content: json({ type: "object", properties: { status: { const: true } } }) },
        "503": { description: "The database does not answer (unavailable).", content: json(ref("Error")) },
        "429": { $ref: "#/components/responses/RateLimited" },
      },
      "x-right": { text: "public", kind: "public" },
    },
  },
  "/api/openapi.json": {
    get: {
      operationId: "openapi",
      tags: ["service"],
      summary: "This document.",
      security: [],
      responses: { "200": { description: "The OpenAPI 3.1 document.", content: json({ type: "object" }) }, "429": { $ref: "#/components/responses/RateLimited" } },
      "x-right": { text: "public", kind: "public" },
    },
  },
};

/** The document; the same for everyone (it holds no data), made once per process. */
export function buildOpenApiDocument(): JsonSchema {
  const resources = [...API_RESOURCES, ...LEGACY_RESOURCES];
  const paths: Record<string, Record<string, JsonSchema>> = structuredClone({ ...OWN_PATHS, ...AUTH_PATHS }) as Record<string, Record<string, JsonSchema>>;
  const schemas: Record<string, JsonSchema> = {
    Envelope: {
      type: "object",
      required: ["status"],
      properties: {
        status: { const: true },
        message: { type: "string" },
        data: {},
        recordsTotal: { type: "integer" },
        recordsFiltered: { type: "integer" },
        estimated: { type: "array", items: { enum: ["recordsTotal", "recordsFiltered"] } },
      },
    },
    Error: ERROR_SCHEMA,
    SearchBody: SEARCH_BODY,
  };
  for (const r of resources) {
    const name = pascal(r.name);
    schemas[name] = recordSchema(r);
    schemas[`${name}Create`] = inputSchema(writableFields(r), "create");
    schemas[`${name}Update`] = inputSchema(writableFields(r), "update");
    for (const op of r.operations) {
      const path = openApiPath(r, op);
      const method = op.method.toLowerCase();
      paths[path] ??= {};
      if (paths[path][method]) throw new Error(`openapi: ${op.method} ${path} is declared twice (${r.name}.${op.name})`);
      paths[path][method] = operation(r, op);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Fieldworks API",
      version: VERSION,
      description: CONVENTIONS,
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    tags: [{ name: "auth" }, { name: "service" }, ...resources.map((r) => ({ name: r.name }))],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "The token of POST /api/login." } },
      schemas,
      responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([name, [, description]]) => [name, { description, content: json(ref("Error")) }])),
    },
  };
}

let built: string | null = null;

/** The document as JSON text, made at the first request (custom handlers are registered by then). */
export const openApiText = (): string => (built ??= JSON.stringify(buildOpenApiDocument()));
