// Handlers of operations beyond the generic ones, registered by name from server/custom/*.ts.
// A resource names the modules that handle it (ResourceDecl.handlers); the server loads exactly
// those and checks them against the declaration before it starts (server/routes/handler-modules.ts).
// The answer of an operation typed in OperationAnswers (declaration/answers.ts, the entries beside
// each resource's declaration) is checked at compile time: the handler must return that type (or
// an Answer of it from ok/page).
//
//   import { registerCustom } from "../routes/custom-registry";
//   registerCustom("folder-document-proyek", "getTree", async (ctx) => tree(ctx.store, ctx.params.project_id));
//
// `operation` is the resolved name ("getTree", "listAssignActivity", "editStatusView") or the
// declared path ("get-tree/{project_id}"). A handler returns the answer's `data` (wrapped as
// { status: true, data }), an `Answer` (server/http/envelope.ts: ok/page for counts and a
// message), or the reply after sending it itself (downloads). Registering a standard operation
// ("upload", "search", "delete", ...) replaces the generic handler. A registration the
// declaration does not allow (no such resource or operation, twice) is kept as a problem that
// stops the start, named with every other one.
//
// Routes that are not resources of the declaration (map service, GIS, /invoice/{id}) go
// through `registerRoutes(async (app, services) => { app.get(...) })`.
import type { FastifyInstance } from "fastify";
import { RESOURCE_BY_NAME, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import type { AnswerOfAny } from "../../declaration/answers";
import type { Answer } from "../http/envelope";
import type { Services } from "../services";
import type { OpContext } from "./context";

/** What a handler returns: the answer's data, an Answer of it, or (untyped operations) anything. */
export type CustomHandler<T = unknown> = (ctx: OpContext) => T | Answer<T> | Promise<T | Answer<T>>;

interface Entry {
  handler: CustomHandler;
  /** The server/custom/ module that registered it (its file name without .ts), null: registered from elsewhere. */
  module: string | null;
}

const handlers = new Map<string, Entry>();
const problems: string[] = [];
const extraRoutes: Array<(app: FastifyInstance, services: Services) => void | Promise<void>> = [];

const key = (resource: string, op: string) => `${resource}\u0000${op}`;

export function findOperation(r: ResolvedResource, operation: string): ResolvedOperation | undefined {
  return r.operations.find((o) => o.name === operation) ?? r.operations.find((o) => o.path === operation);
}

/** Registers the handler of a declared operation; the right it needs is the declaration's (declaration/rights.ts), checked before it runs. */
export function registerCustom<R extends string, O extends string>(resourceName: R, operation: O, handler: CustomHandler<AnswerOfAny<R, O>>): void {
  const module = callingModule();
  const from = module ? ` (server/custom/${module}.ts)` : "";
  const r = RESOURCE_BY_NAME.get(resourceName);
  if (!r) {
    problems.push(`${resourceName}.${operation}: a handler${from} for a resource the declaration does not have`);
    return;
  }
  const op = findOperation(r, operation);
  if (!op) {
    problems.push(`${resourceName}.${operation}: a handler${from} for an operation ${resourceName} does not declare (it declares ${r.operations.map((o) => o.name).join(", ")})`);
    return;
  }
  const k = key(r.name, op.name);
  const prev = handlers.get(k);
  if (prev && prev.handler !== (handler as CustomHandler)) {
    problems.push(`${resourceName}.${op.name}: registered twice${from}`);
    return;
  }
  handlers.set(k, { handler: handler as CustomHandler, module });
}

/** The server/custom/ module whose code called registerCustom: the nearest such file on the stack. */
function callingModule(): string | null {
  const m = /[\\/]server[\\/]custom[\\/]([a-z0-9-]+)\.ts\b/.exec(new Error().stack ?? "");
  return m ? m[1] : null;
}

/** What registrations were refused so far (the start-time check names them). */
export const registrationProblems = (): readonly string[] => problems;

export const customEntry = (resourceName: string, opName: string): Entry | undefined => handlers.get(key(resourceName, opName));

export function registerRoutes(fn: (app: FastifyInstance, services: Services) => void | Promise<void>): void {
  if (!extraRoutes.includes(fn)) extraRoutes.push(fn);
}

/**
 * The registry as it is now, to put back later: a test that registers handlers of its own restores
 * it afterwards, so the next test file of the same worker (the server suite does not isolate
 * files) meets the declaration's handlers only.
 */
export function registryCheckpoint(): () => void {
  const kept = new Map(handlers);
  const problemCount = problems.length;
  const routeCount = extraRoutes.length;
  return () => {
    handlers.clear();
    for (const [k, v] of kept) handlers.set(k, v);
    problems.length = problemCount;
    extraRoutes.length = routeCount;
  };
}

export const registeredRoutes = (): ReadonlyArray<(app: FastifyInstance, services: Services) => void | Promise<void>> => extraRoutes;
