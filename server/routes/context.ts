// What an operation handler gets: the request, the acting user (from the token), a record
// store bound to that user's tenancy, the resource and operation of the declaration.
import type { FastifyReply, FastifyRequest } from "fastify";
import { RESOURCE_BY_NAME, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import type { Action, Actor } from "../access/actor";
import { authorize } from "../access/operation-access";
import type { Db } from "../db/connection";
import { t, type Lang, type MessageKey, type Params } from "../i18n/messages";
import type { RecordStore } from "../records/store";
import type { Services } from "../services";

export interface OpContext {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  db: Db;
  /** The signed-in user; operations registered `public` run without one (then this throws). */
  actor: Actor;
  /** Records of any resource within the actor's tenancy (validation, checks, labels included). */
  store: RecordStore;
  resource: ResolvedResource;
  op: ResolvedOperation;
  /** Path parameters by their declared names ({project_id} → params.project_id). */
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  lang: Lang;
  /** The answer goes out as the handler returns it (no option view projects it): it may be an EncodedAnswer. */
  encodable: boolean;
  t(key: MessageKey, params?: Params): string;
  /** 403 unless the actor may do `action` on another resource (default: this one). */
  authorize(action: Action, resource?: string | ResolvedResource): Promise<void>;
}

export function makeAuthorize(db: Db, actor: () => Actor, self: ResolvedResource) {
  return async (action: Action, resource?: string | ResolvedResource) => {
    const r = resource === undefined ? self : typeof resource === "string" ? RESOURCE_BY_NAME.get(resource) : resource;
    if (!r) throw new Error(`unknown resource ${String(resource)}`);
    await authorize(db, actor(), r, action);
  };
}

export const translate = (lang: Lang) => (key: MessageKey, params?: Params) => t(lang, key, params);
