// Handlers of operations beyond the generic ones, registered by name from server/custom/*.ts.
// The answer of an operation listed in declaration/answers.ts is checked at compile time: the
// handler must return that type (or an Answer of it from ok/page).
//
//   import { registerCustom } from "../routes/custom-registry";
//   registerCustom("folder-document-proyek", "getTree", async (ctx) => tree(ctx.store, ctx.params.project_id));
//
// `operation` is the resolved name ("getTree", "listAssignActivity", "editStatusView") or the
// declared path ("get-tree/{project_id}"). A handler returns the answer's `data` (wrapped as
// { status: true, data }), an `Answer` (server/http/envelope.ts: ok/page for counts and a
// message), or the reply after sending it itself (downloads). Registering a standard operation
// ("upload", "search", "delete", ...) replaces the generic handler. Declared operations without
// a handler answer 501.
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
}

const handlers = new Map<string, Entry>();
const extraRoutes: Array<(app: FastifyInstance, services: Services) => void | Promise<void>> = [];

const key = (resource: string, op: string) => `${resource}\u0000${op}`;

export function findOperation(r: ResolvedResource, operation: string): ResolvedOperation | undefined {
  return r.operations.find((o) => o.name === operation) ?? r.operations.find((o) => o.path === operation);
}

/** Registers the handler of a declared operation; the right it needs is the declaration's (declaration/rights.ts), checked before it runs. */
export function registerCustom<R extends string, O extends string>(resourceName: R, operation: O, handler: CustomHandler<AnswerOfAny<R, O>>): void {
  const r = RESOURCE_BY_NAME.get(resourceName);
  if (!r) throw new Error(`registerCustom: no resource "${resourceName}" in resources.config.ts`);
  const op = findOperation(r, operation);
  if (!op) throw new Error(`registerCustom: ${resourceName} declares no operation "${operation}" (has ${r.operations.map((o) => o.name).join(", ")})`);
  const k = key(r.name, op.name);
  const prev = handlers.get(k);
  if (prev && prev.handler !== (handler as CustomHandler)) throw new Error(`registerCustom: ${resourceName}.${op.name} is registered twice`);
  handlers.set(k, { handler: handler as CustomHandler });
}

export const customEntry = (resourceName: string, opName: string): Entry | undefined => handlers.get(key(resourceName, opName));

export function registerRoutes(fn: (app: FastifyInstance, services: Services) => void | Promise<void>): void {
  if (!extraRoutes.includes(fn)) extraRoutes.push(fn);
}

export const registeredRoutes = (): ReadonlyArray<(app: FastifyInstance, services: Services) => void | Promise<void>> => extraRoutes;
