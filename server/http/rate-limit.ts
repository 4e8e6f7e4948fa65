// Request limits (OWASP API4, issue 21) through @fastify/rate-limit: per bearer token on the
// services (/api, /legacy, /map-service, /gis, /invoice), per client IP for their requests
// without a valid token, per device key on /osmand (server/field/osmand-routes.ts; unknown keys
// per client IP there). A token or key counts on itself only once this process has seen it
// valid (server/http/known-credentials.ts): a made-up one counts on the IP, so a new random
// token per request does not escape the IP's limit (issue 28). Over its number
// within the window a request answers 429 `rate_limited` in the envelope with `Retry-After`
// (seconds until the window frees), before any session lookup or handler runs. Counted in this
// process's memory (the plugin's LRU store): each server process (WORKERS) and each instance
// counts on its own. The login and reset-mail throttles (server/auth/routes.ts) stay as they are.
import rateLimit, { type CreateRateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerOf, sha256 } from "../auth/tokens";
import { KNOWN_TOKENS } from "./known-credentials";
import type { ServerConfig } from "../config";
import { HttpError } from "./errors";

/** Checks one request against one limit under `key`; throws the 429 when it is over. */
export type LimitCheck = (req: FastifyRequest, reply: FastifyReply, key: string) => Promise<void>;

/** The key a limit counts a request under, handed to the plugin's keyGenerator. */
const RATE_KEY = Symbol("fieldworks.rateKey");
type Keyed = FastifyRequest & { [RATE_KEY]?: string };

/** Keys one process keeps counting at once per limit (least recently seen dropped first). */
const KEYS_KEPT = 20_000;

/** Registers the plugin once (its decorators are the root app's); idempotent. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator("createRateLimit")) await app.register(rateLimit, { global: false });
}

/** A limit of `max` requests per `windowMs` for each key; null when `max` is 0 (off). */
export function createLimit(app: FastifyInstance, max: number, windowMs: number): LimitCheck | null {
  if (max <= 0) return null;
  const options = { max, timeWindow: windowMs, keyGenerator: (req: FastifyRequest) => (req as Keyed)[RATE_KEY] ?? req.ip, cache: KEYS_KEPT };
  const check = app.createRateLimit(options as CreateRateLimitOptions);
  return async (req, reply, key) => {
    (req as Keyed)[RATE_KEY] = key;
    const r = await check(req);
    if (r.isAllowed || !r.isExceeded) return;
    const seconds = Math.max(1, r.ttlInSeconds);
    reply.header("retry-after", String(seconds));
    throw new HttpError(429, "rate_limited", { seconds });
  };
}

/** A bearer token's key, from its SHA-256 (the token itself is never kept). */
const tokenHashKey = (hash: string): string => `t:${hash}`;
export const tokenKey = (token: string): string => tokenHashKey(sha256(token));
/** A device key's key: its SHA-256 (a device key is a secret too). */
export const deviceKey = (key: string): string => `d:${sha256(key)}`;

/** A client address's key. */
export const ipKey = (ip: string): string => `ip:${ip}`;

/**
 * The services' limits: a request under one of `prefixes` with a bearer token this process has
 * seen valid counts on the token (hashed from the header: no database lookup); any other (no
 * token, a made-up, expired or revoked one, or one not seen here yet: its first request) on the
 * client IP (`req.ip`, from X-Forwarded-For with TRUST_PROXY). Static files and /osmand are not
 * counted here.
 */
export async function installRateLimits(app: FastifyInstance, config: ServerConfig, prefixes: readonly string[]): Promise<void> {
  const perToken = createLimit(app, config.rateLimitPerToken, config.rateLimitWindowMs);
  const perIp = createLimit(app, config.rateLimitPerIp, config.rateLimitWindowMs);
  if (!perToken && !perIp) return;
  app.addHook("onRequest", async (req, reply) => {
    if (!prefixes.some((p) => req.url.startsWith(p))) return;
    const token = bearerOf(req);
    const hash = token === null ? null : sha256(token);
    if (hash !== null && KNOWN_TOKENS.has(hash)) await perToken?.(req, reply, tokenHashKey(hash));
    else await perIp?.(req, reply, ipKey(req.ip));
  });
}
