// GET /api/openapi.json: an OpenAPI 3.1 document (checked against the specification's schema)
// with every declared operation at the path and method the server registers, answered without a
// token, valid under two outside validators; and real requests and answers of the server fit its schemas.
import SwaggerParser from "@apidevtools/swagger-parser";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import { openApiPath } from "../../server/openapi/document";
import { t } from "../../server/i18n/messages";
import { urlOf } from "../../server/routes/register";
import { setupServer, type TestEnv } from "./helpers";
import { checkAnswer, checkingAnswers, takeAnswerFailures } from "./openapi-answers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

let env: TestEnv;
let doc: Doc;
beforeAll(async () => {
  env = await setupServer();
  const res = await env.call(null, "GET", "/api/openapi.json");
  expect(res.status, res.raw).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await env?.close();
});

/** An ajv that reads the document's schemas (as JSON Schema 2020-12, OpenAPI 3.1's dialect) with their formats. */
function schemaChecker(d: Doc) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const rewrite = (s: unknown) => JSON.parse(JSON.stringify(s).replaceAll('"#/components/schemas/', '"fw#/$defs/'));
  ajv.addSchema({ $id: "fw", $defs: rewrite(d.components.schemas) });
  return (schema: unknown, value: unknown): string[] => {
    const check = ajv.compile(rewrite(schema));
    return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

const answerSchema = (d: Doc, path: string, method: string, status: string) => {
  const r = d.paths[path][method].responses[status];
  const resolved = r.$ref ? d.components.responses[r.$ref.split("/").pop()] : r;
  return resolved.content["application/json"].schema;
};
const bodySchema = (d: Doc, path: string, method: string) => d.paths[path][method].requestBody.content["application/json"].schema;

describe("the OpenAPI document", () => {
  it("is answered without a token and is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const res = await new Validator().validate(doc);
    expect(res.errors ?? [], JSON.stringify(res.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(res.valid).toBe(true);
    // The validator does refuse a broken one: a path parameter that does not say where it is.
    const broken = structuredClone(doc);
    delete broken.paths["/api/project/update/{id}"].put.parameters[0].in;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("passes @apidevtools/swagger-parser's validate (the specification's schema, every reference resolved)", async () => {
    // validate() dereferences the object it is given: a copy each time.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toMatchObject({ openapi: "3.1.0" });
    // It refuses a reference to a schema the document does not have, and an answer without its description.
    const dangling = structuredClone(doc);
    dangling.paths["/api/project/add"].post.requestBody.content["application/json"].schema = { $ref: "#/components/schemas/NoSuchSchema" };
    await expect(SwaggerParser.validate(dangling)).rejects.toThrow(/NoSuchSchema/);
    const undescribed = structuredClone(doc);
    delete undescribed.paths["/api/project/update/{id}"].put.responses["200"].description;
    await expect(SwaggerParser.validate(undescribed)).rejects.toThrow(/description/);
  });

  it("has every declared operation at the path and method the server registers, with its right", () => {
    const ids = new Set<string>();
    let count = 0;
    for (const r of ALL_RESOURCES) {
      for (const op of r.operations) {
        const entry = doc.paths[openApiPath(r, op)]?.[op.method.toLowerCase()];
        expect(entry, `${r.name}.${op.name}: ${op.method} ${openApiPath(r, op)}`).toBeDefined();
        expect(env.app.hasRoute({ method: op.method, url: urlOf(r, op) }), `${op.method} ${urlOf(r, op)}`).toBe(true);
        expect(entry["x-right"].kind).toBe(op.right.kind);
        expect(entry.security === undefined ? "token" : "none").toBe(op.right.kind === "public" ? "none" : "token");
        ids.add(entry.operationId);
        count++;
      }
    }
    expect(ids.size).toBe(count);
    const documented = Object.entries(doc.paths).flatMap(([, methods]) => Object.keys(methods as object));
    // Login, health, the document itself, the session's and two-factor sign-in's 13 routes, the event stream.
    expect(documented.length).toBe(count + 3 + 13 + 1);
    for (const path of ["/api/me", "/api/session", "/api/logout", "/api/reset-password", "/api/login/two-factor", "/api/two-factor/disable", "/api/events"])
      expect(env.app.hasRoute({ method: path === "/api/me" || path === "/api/session" || path === "/api/events" ? "GET" : "POST", url: path }), path).toBe(true);
  });

  it("states the right and the bearer token: update/{id} of a project needs update, time-zones any signed-in user", () => {
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/project/update/{id}"].put["x-right"]).toMatchObject({ text: "update", kind: "menu", anyOf: [[{ menu: "project", action: "update" }]] });
    expect(doc.paths["/api/project/time-zones"].get["x-right"]).toMatchObject({ kind: "signed-in" });
    expect(doc.paths["/api/project/delete/{company_id}/{id}"].delete.responses).toHaveProperty("404");
    // A list filters by its fields in the query string.
    const listParams = doc.paths["/api/issue-reply/list"].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(listParams).toContain("query:issue_id");
  });

  it("describes fields as the shared check decides them: email, phone, enums, bounds, lengths, required", () => {
    const create = doc.components.schemas.DemoManagementCreate;
    expect(create.required).toEqual(expect.arrayContaining(["name", "company_name", "email", "phone"]));
    expect(create.required).not.toContain("status"); // it has a default
    expect(create.properties.email).toMatchObject({ type: "string", format: "email", maxLength: 254 });
    expect(create.properties.phone.pattern).toBe("^(?=(?:\\D*\\d){7,15}\\D*$)\\+?[0-9 ()-]+$");
    expect(create.properties.employee_count).toMatchObject({ type: ["integer", "null"], minimum: 1 });
    expect(create.properties.status.enum).toEqual(["new", "scheduled", "done", "cancelled"]);
    expect(doc.components.schemas.ProjectCreate.properties.progress).toMatchObject({ minimum: 0, maximum: 100 });
    expect(doc.components.schemas.HumanResource.properties).not.toHaveProperty("password");
  });
});

describe("the server's requests and answers fit the document", () => {
  let typeId: number;
  let check: ReturnType<typeof schemaChecker>;
  beforeAll(async () => {
    check = schemaChecker(doc);
    typeId = (await env.call(env.adminA, "POST", "/api/project-type/add", { name: "Gedung" })).body.data.id;
  });

  it("a project's create body, its answer, its record and a search page", async () => {
    const body = { name: "Tower A", code: "TWR-A", project_type_id: typeId, start_date: "2026-01-05", end_date: "2026-06-30", budget: 1500000000, location: [106.82, -6.2] };
    expect(check(bodySchema(doc, "/api/project/add", "post"), body)).toEqual([]);
    const created = await env.call(env.adminA, "POST", "/api/project/add", body);
    expect(created.status, created.raw).toBe(200);
    expect(check(answerSchema(doc, "/api/project/add", "post", "200"), created.body)).toEqual([]);
    const one = await env.call(env.adminA, "GET", `/api/project/edit/${created.body.data.id}`);
    expect(check(answerSchema(doc, "/api/project/edit/{id}", "get", "200"), one.body)).toEqual([]);
    const page = await env.call(env.adminA, "POST", "/api/project/search", { paging: { start: 0, length: 10 }, columns: [{ data: "name", value: "tower", operator: "like" }] });
    expect(check(bodySchema(doc, "/api/project/search", "post"), { paging: { start: 0, length: 10 }, columns: [{ data: "name", value: "tower", operator: "like" }] })).toEqual([]);
    expect(page.body.data).toHaveLength(1);
    expect(check(answerSchema(doc, "/api/project/search", "post", "200"), page.body)).toEqual([]);
  });

  it("a body the server refuses does not fit either, and the 400 fits the error schema", async () => {
    const body = { name: "Tower B", code: "TWR-B", project_type_id: typeId, start_date: "2026-01-05", end_date: "2026-06-30", progress: 120 };
    expect(check(bodySchema(doc, "/api/project/add", "post"), body)).not.toEqual([]);
    const refused = await env.call(env.adminA, "POST", "/api/project/add", body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty("progress");
    expect(check(answerSchema(doc, "/api/project/add", "post", "400"), refused.body)).toEqual([]);
  });

  it("a 401 without a token and a 404 for another company's record fit the error schema", async () => {
    const anonymous = await env.call(null, "POST", "/api/project/search", {});
    expect(anonymous.status).toBe(401);
    expect(check(answerSchema(doc, "/api/project/search", "post", "401"), anonymous.body)).toEqual([]);
    const missing = await env.call(env.adminB, "GET", "/api/project/edit/999999");
    expect(missing.status).toBe(404);
    expect(check(answerSchema(doc, "/api/project/edit/{id}", "get", "404"), missing.body)).toEqual([]);
  });

  it("a client made by openapi-fetch over the generated types (tests/api-client) searches projects on the running server", async () => {
    // Imported by a path tsc does not follow: its types are generated, not checked in (tests/unit/openapi-client.test.ts checks them).
    const clientModule = "../api-client/search-projects.ts";
    const client = (await import(clientModule)) as {
      apiClient(baseUrl: string, token: string): unknown;
      searchProjects(api: unknown, name: string): Promise<{ projects: { name?: string | null }[]; matching: number }>;
    };
    const address = await env.app.listen({ port: 0, host: "127.0.0.1" });
    const found = await client.searchProjects(client.apiClient(address, env.adminA.token), "tower");
    expect(found.matching).toBe(1);
    expect(found.projects.map((p) => p.name)).toEqual(["Tower A"]);
    await expect(client.searchProjects(client.apiClient(address, "not-a-token"), "tower")).rejects.toThrow(/^401 unauthorized:/);
  });

  it("a demo request's body with a bad email or phone does not fit the schema either", () => {
    const schema = bodySchema(doc, "/api/demo-management/add", "post");
    const good = { name: "Budi", company_name: "PT Beta", email: "budi@beta.test", phone: "0812-3333-4444" };
    expect(check(schema, good)).toEqual([]);
    expect(check(schema, { ...good, phone: "081234" })).not.toEqual([]);
    expect(check(schema, { ...good, email: "a..b@x.com" })).not.toEqual([]);
  });
});

describe("a custom operation's declared input (CustomOperationDecl.input)", () => {
  it("is checked before its handler, 400 naming the field, and is the body's schema in the document", async () => {
    const url = `/api/company-management/restore-admin/${env.companyA}`;
    const put = (body: unknown) => env.call(env.owner, "PUT", url, body);
    expect((await put({})).body.errors).toEqual({ user_id: t("en", "required") });
    expect((await put({ user_id: "x" })).body.errors).toEqual({ user_id: t("en", "bad_ref") });
    expect((await put({ user_id: 0 })).body.errors).toEqual({ user_id: t("en", "bad_ref") });
    const list = await put([1]);
    expect(list.status).toBe(400);
    expect(list.body.errors).toEqual({ body: t("en", "bad_request") });
    const ok = await put({ user_id: env.adminA.id });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data).toMatchObject({ user_id: env.adminA.id });

    const schema = bodySchema(doc, "/api/company-management/restore-admin/{id}", "put");
    expect(schema.required).toEqual(["user_id"]);
    expect(schema.properties.user_id).toMatchObject({ type: "integer", minimum: 1 });
  });
});

describe("the suite's check of every answer (tests/server/openapi-answers.ts)", () => {
  it("is on, passes an answer that fits and names the path, status and error of one that does not", async () => {
    // On unless OPENAPI_CHECK_ANSWERS=0 (vitest.config.ts).
    expect(checkingAnswers()).toBe(process.env.OPENAPI_CHECK_ANSWERS !== "0");
    expect(env.options.onAnswer).toBe(checkingAnswers() ? checkAnswer : undefined);
    await env.call(env.adminA, "POST", "/api/project/search", {});
    expect(takeAnswerFailures()).toBe("");
    const answer = { method: "POST", route: "/api/project/search", contentType: "application/json; charset=utf-8", encoded: false };
    checkAnswer({ ...answer, status: 200, payload: JSON.stringify({ status: true, data: [{ id: "seven" }], recordsTotal: 1, recordsFiltered: 1 }) });
    checkAnswer({ ...answer, status: 418, payload: JSON.stringify({ status: false, key: "teapot", message: "I am a teapot" }) });
    checkAnswer({ ...answer, route: "/api/project/edit/:id", method: "GET", status: 404, payload: JSON.stringify({ status: false, message: "no key" }) });
    const failures = takeAnswerFailures();
    expect(failures).toMatch(/POST \/api\/project\/search 200: \/data\/0\/id must be integer/);
    expect(failures).toMatch(/POST \/api\/project\/search 418: status 418 is not among the operation's responses/);
    expect(failures).toMatch(/GET \/api\/project\/edit\/\{id\} 404: \/ must have required property 'key'/);
    expect(takeAnswerFailures()).toBe("");
  });
});

describe("the reference page, GET /api/docs", () => {
  it("is public HTML under a strict CSP whose scripts and styles this server serves, for good, by Swagger UI's version", async () => {
    const page = await env.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe");
    // Nothing from another host: every script and stylesheet is ours.
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.map((a) => a.split("/").pop())).toEqual(["swagger-ui.css", "swagger-ui-bundle.js", "start.js"]);
    for (const url of assets) {
      const res = await env.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-type"]).toMatch(url.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
    }
    const start = await env.app.inject({ method: "GET", url: assets[2] });
    expect(start.body).toContain('url: "/api/openapi.json"');
    expect(start.body).toContain("validatorUrl: null");
    const stale = await env.app.inject({ method: "GET", url: assets[1].replace(/\/api\/docs\/[^/]+\//, "/api/docs/0.0.1/") });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ status: false, key: "not_found" });
  });

  it("says the conventions once, in info.description, not per path", () => {
    const text: string = doc.info.description;
    for (const heading of ["## Sign-in and rights", "## Answers: the envelope", "## Errors", "## Search and paging"]) expect(text).toContain(heading);
    expect(text).toContain("`like`");
    expect(text).toContain("`{ start: 0, length: 10 }`");
    const perPath = JSON.stringify(doc.paths);
    expect(perPath).not.toContain("Search and paging");
    expect(doc.paths["/api/project/search"].post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/SearchBody" });
  });
});
