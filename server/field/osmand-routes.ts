// GET|POST /osmand: positions from a tracking app (Traccar Client) in the OsmAnd protocol
// (server/field/osmand.ts), outside /api and without a bearer token: the device key names the
// user. Answers 200 with an empty body as the Traccar server does (the app resends a position
// until it gets a 200); an unknown or revoked key 401, bad coordinates or time 400 (in the
// envelope, with `key`), and nothing is stored from a refused request. Accepted positions are
// the key's user's waypoints (a position already stored for that time is skipped).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { badRequest, HttpError, readOnly } from "../http/errors";
import { KNOWN_DEVICE_KEYS } from "../http/known-credentials";
import { createLimit, deviceKey, ipKey } from "../http/rate-limit";
import { sha256 } from "../auth/tokens";
import { positionsOf } from "../events/publish";
import type { Services } from "../services";
import { ownerOfKey, touchKey } from "./device-keys";
import { jsonKeyOf, parseJson, parseQuery, queryKeyOf, type Parsed } from "./osmand";
import { positionWriterOf } from "./position-writer";
import { watchInBackground } from "../events/position-watch";

const isJson = (req: FastifyRequest): boolean => /^application\/json/i.test(String(req.headers["content-type"] ?? ""));

/** Query parameters, else (Traccar: when the URL carries none) the form in the body; first values. */
function paramsOf(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (Object.keys(query).length) return firstValues(query);
  if (typeof req.body === "string" && req.body.length) return firstValues(Object.fromEntries(new URLSearchParams(req.body)));
  return {};
}

const firstValues = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

export async function registerOsmAndRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    // Forms, and bodies of any other type, read as text: only here (the API keeps refusing them).
    scope.addContentTypeParser(["application/x-www-form-urlencoded", "text/plain"], { parseAs: "string" }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));

    const keyOf = (req: FastifyRequest): string | null => (isJson(req) ? jsonKeyOf(req.body) : queryKeyOf(paramsOf(req)));
    // Before the key is looked up: RATE_LIMIT_PER_DEVICE requests per window for one device key
    // this process has seen name its user; a key it has not (made up, revoked, or not seen here
    // yet: its first request) counts on the client IP, RATE_LIMIT_PER_IP per window, so unknown
    // keys cost one client at most that many lookups. A request without a key answers 401
    // without reading the database and is not counted.
    const perDevice = createLimit(app, services.config.rateLimitPerDevice, services.config.rateLimitWindowMs);
    const perIp = createLimit(app, services.config.rateLimitPerIp, services.config.rateLimitWindowMs);
    if (perDevice || perIp)
      scope.addHook("preHandler", async (req, reply) => {
        const key = keyOf(req);
        if (!key) return;
        if (KNOWN_DEVICE_KEYS.has(sha256(key))) await perDevice?.(req, reply, deviceKey(key));
        else await perIp?.(req, reply, ipKey(req.ip));
      });

    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const json = isJson(req);
      const params = json ? {} : paramsOf(req);
      const key = json ? jsonKeyOf(req.body) : queryKeyOf(params);
      const owner = key ? await ownerOfKey(services.db, key) : null;
      if (!owner) throw new HttpError(401, "unknown_device_key");
      // A company past its subscription writes nothing (the app keeps the position and sends it again after the renewal).
      if (owner.readOnly) throw readOnly("subscription_ended");
      const now = Date.now();
      const parsed: Parsed = json ? parseJson(req.body, now) : parseQuery(params, now, owner.timeZone);
      if (!parsed.ok) throw badRequest(parsed.errors);
      // Stored together with other requests' positions (server/field/position-writer.ts); answered once committed.
      const stored = await positionWriterOf(services.db).store(owner, parsed.points);
      if (stored.length) {
        positionsOf(services.events).add(owner, stored);
        // Geofence, no movement, low battery (server/events/position-watch.ts); never fails the answer.
        await watchInBackground(services.db, services.events, owner, stored, (err) => req.log.error({ err }, "position checks failed"));
      }
      await touchKey(services.db, owner, now);
      return reply.code(200).send();
    };
    scope.get("/osmand", handle);
    scope.post("/osmand", handle);
  });
}
