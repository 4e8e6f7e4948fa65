// Every JSON answer of the server suite checked against the OpenAPI document (GET /api/openapi.json):
// the helpers build each app with `onAnswer: checkAnswer` when OPENAPI_CHECK_ANSWERS is on (the
// server project's default, vitest.config.ts), and tests/server/setup.ts fails the test (or the file,
// for answers of beforeAll/afterAll) that got an answer the document does not describe: a status it
// does not list for the operation, or a body that does not fit the status's schema (ajv, compiled
// once per distinct schema). Routes outside the document (/legacy, /map-service, files) are
// not checked.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { Answer } from "../../server/app";
import { openApiText } from "../../server/openapi/document";

export const checkingAnswers = (): boolean => (process.env.OPENAPI_CHECK_ANSWERS ?? "0") !== "0";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

let doc: Doc | null = null;
let ajv: Ajv2020 | null = null;
const validators = new Map<string, ValidateFunction | string>();
const bySchema = new Map<string, ValidateFunction>();
const failures = new Map<string, string>();

const rewrite = (s: unknown) => JSON.parse(JSON.stringify(s).replaceAll('"#/components/schemas/', '"fw#/$defs/')) as object;

function setUp(): { doc: Doc; ajv: Ajv2020 } {
  if (!doc || !ajv) {
    doc = JSON.parse(openApiText());
    // Cheap to compile (the suite compiles a few hundred schemas per file): the schemas are not
    // checked against the meta-schema (the OpenAPI test validates the document), referenced
    // schemas are compiled once and called, not inlined into each operation's, no optimising pass.
    ajv = new Ajv2020({ allErrors: false, strict: false, validateSchema: false, inlineRefs: false, code: { optimize: false } });
    addFormats(ajv);
    ajv.addSchema({ $id: "fw", $defs: rewrite(doc.components.schemas) });
  }
  return { doc, ajv };
}

/** One validator per distinct schema: every error response shares one, and so do many answers. */
function compiled(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let check = bySchema.get(key);
  if (!check) bySchema.set(key, (check = setUp().ajv.compile(rewrite(schema))));
  return check;
}

/** The check of one operation's answers with one status: a validator, or why the status is not expected. */
function validatorOf(path: string, method: string, status: number): ValidateFunction | string | null {
  const key = `${method} ${path} ${status}`;
  const known = validators.get(key);
  if (known) return known;
  const { doc } = setUp();
  const op = doc.paths[path]?.[method];
  if (!op) return null;
  let response = op.responses[String(status)];
  if (!response) {
    validators.set(key, `status ${status} is not among the operation's responses (${Object.keys(op.responses).join(", ")})`);
    return validators.get(key)!;
  }
  if (response.$ref) response = doc.components.responses[String(response.$ref).split("/").pop()!];
  const schema = response.content?.["application/json"]?.schema;
  const made = schema ? compiled(schema) : `status ${status} answers no JSON in the document`;
  validators.set(key, made);
  return made;
}

/** onAnswer of buildApp: notes an answer the document does not describe. */
export function checkAnswer(a: Answer): void {
  if (!a.route || a.method === "HEAD" || a.encoded || !a.contentType.startsWith("application/json")) return;
  if (typeof a.payload !== "string" && !Buffer.isBuffer(a.payload)) return;
  const path = a.route.replace(/:(\w+)/g, "{$1}");
  const check = validatorOf(path, a.method.toLowerCase(), a.status);
  if (!check) return;
  const where = `${a.method} ${path} ${a.status}`;
  if (typeof check === "string") {
    failures.set(where, `${where}: ${check}: ${String(a.payload).slice(0, 300)}`);
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(String(a.payload));
  } catch {
    failures.set(where, `${where}: not JSON`);
    return;
  }
  if (!check(body)) {
    const e = check.errors?.[0];
    failures.set(where, `${where}: ${e?.instancePath || "/"} ${e?.message ?? ""} (${e?.schemaPath ?? ""}): ${String(a.payload).slice(0, 300)}`);
  }
}

/** The answers noted since the last call, as one message (empty when every answer fit). */
export function takeAnswerFailures(): string {
  const out = [...failures.values()];
  failures.clear();
  return out.length ? `answers the OpenAPI document does not describe:\n${out.join("\n")}` : "";
}
