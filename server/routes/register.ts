// Registers a route for every operation of every resource: /api/<path>/<op> for the project
// API, /legacy/<path>/<op> for the legacy service. Each request: token → actor, the operation's
// declared right (server/access/operation-access.ts, the one place: read-only sessions and
// sign-offs too), a custom operation's declared input (400 naming a refused field), then the
// registered custom handler, else the generic one (buildApp loaded and checked the handlers
// first: server/routes/handler-modules.ts, so every declared operation has one).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_RESOURCES, LEGACY_RESOURCES, type ResolvedField, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import type { Actor } from "../access/actor";
import { checkOperation } from "../access/operation-access";
import type { OptionView } from "../access/option-view";
import { authenticate } from "../auth/tokens";
import { readDbFor } from "../db/read-db";
import { isReadOperation } from "../db/replicas";
import { watchOperation } from "../events/after-operation";
import { EncodedAnswer, sendEncoded } from "../http/encoded-answer";
import { Answer } from "../http/envelope";
import { badRequest } from "../http/errors";
import { langOf } from "../i18n/messages";
import { RecordStore } from "../records/store";
import type { Services } from "../services";
import { validateFields } from "../validation/record";
import { makeAuthorize, translate, type OpContext } from "./context";
import { customEntry } from "./custom-registry";
import { genericHandler } from "./generic";

export const PREFIX = { api: "/api", legacy: "/legacy" } as const;

/** Fastify URL of an operation: {x} → :x. */
export const urlOf = (r: ResolvedResource, op: ResolvedOperation): string => `${PREFIX[r.service]}/${r.path}${op.path ? `/${op.path.replace(/\{([^}]+)\}/g, ":$1")}` : ""}`;

/** Sends what a handler returned: an Answer, a reply it sent itself, or data to wrap. */
export function sendResult(reply: FastifyReply, result: unknown): FastifyReply {
  if (result === reply || reply.sent) return reply;
  if (result instanceof Answer) return reply.code(result.statusCode).send(result.body);
  if (result instanceof EncodedAnswer) return sendEncoded(reply, result);
  return reply.send({ status: true, data: result === undefined ? null : result });
}

/** Is there a handler (registered or generic) for this operation? */
export const isImplemented = (r: ResolvedResource, op: ResolvedOperation): boolean => !!customEntry(r.name, op.name) || !!genericHandler(r, op);

export function registerResourceRoutes(app: FastifyInstance, services: Services): void {
  for (const r of [...API_RESOURCES, ...LEGACY_RESOURCES]) {
    for (const op of r.operations) {
      const generic = genericHandler(r, op);
      const readOnly = isReadOperation(op); // its rows may come from a read replica (server/db/replicas.ts)
      app.route({
        method: op.method,
        url: urlOf(r, op),
        handler: async (req: FastifyRequest, reply: FastifyReply) => {
          // Looked up per request (a test may register one after the start).
          const handler = customEntry(r.name, op.name)?.handler ?? generic;
          if (!handler) throw new Error(`${r.name}.${op.name}: no handler (buildApp checks that none is missing: server/routes/handler-modules.ts)`);
          const lang = langOf(req.headers["accept-language"]);
          let actor: Actor | null = null;
          let optionView: OptionView | null = null;
          if (op.right.kind !== "public") {
            actor = await authenticate(services.db, req);
            // Refused a read: the options (id and label) may still be the actor's to see (an option view).
            optionView = await checkOperation(services.db, actor, r, op, { params: (req.params ?? {}) as Record<string, string>, query: req.query, body: req.body });
          }
          // A custom operation's declared input (CustomOperationDecl.input): checked here, for every one.
          const body = op.input ? checkedInput(op.input, req.body) : req.body;
          const needActor = (): Actor => {
            if (!actor) throw new Error(`${r.name}.${op.name} is public: no actor`);
            return actor;
          };
          const ctx: OpContext = {
            req,
            reply,
            services,
            db: services.db,
            get actor() {
              return needActor();
            },
            store: new RecordStore(services.db, actor ?? PUBLIC_ACTOR, lang, readDbFor(services, req, readOnly)),
            resource: r,
            op,
            params: (req.params ?? {}) as Record<string, string>,
            query: (req.query ?? {}) as Record<string, unknown>,
            body,
            lang,
            encodable: !optionView,
            t: translate(lang),
            authorize: makeAuthorize(services.db, needActor, r),
          };
          // Live events that follow a write (rights changed, a panic resolved): server/events/after-operation.ts.
          const after = await watchOperation(services, r, op, actor, ctx.params);
          const result = await handler(ctx);
          if (after) await after(result instanceof Answer ? (result.body as { data?: unknown }).data : result, body);
          return sendResult(reply, optionView ? optionView.project(result) : result);
        },
      });
    }
  }
}

/** A body with its declared fields checked and normalized (400 naming each refused one); other keys as sent. */
function checkedInput(fields: ResolvedField[], body: unknown): Record<string, unknown> {
  const sent = body === undefined || body === null ? {} : body;
  const { values, errors } = validateFields(fields, sent, { mode: "create" });
  if (Object.keys(errors).length) throw badRequest(errors);
  return { ...(sent as Record<string, unknown>), ...values };
}

/** Public operations get a store that sees no company's rows. */
const PUBLIC_ACTOR: Actor = { userId: 0, companyId: -1, roleId: null, roleName: null, roleType: null, isOwner: false, tokenHash: "" };
