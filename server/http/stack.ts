// What every request passes through before and after its handler: the JSON body parser (with
// the depth limit), security headers, request limits and compression. One function, used by the
// app (server/app.ts) and by bench:api's HTTP floor (a bare route on the same stack).
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config";
import { badRequest } from "./errors";
import { LIMITS, tooDeepPath } from "./limits";
import { installRateLimits, registerRateLimit } from "./rate-limit";

/** Routes answering per request (not static files). */
export const API_PREFIXES = ["/api/", "/legacy/", "/map-service/", "/gis/", "/invoice/"];

// Answers up to 1 MiB are compressed in one synchronous call (a worker's day of waypoints is
// ~300 KB: ~1.5 ms at level 1, less than making its JSON): a zlib stream per answer costs more
// than compressing a page, and added ~2 ms to a day of waypoints (the 2-core default cut-off
// is 4 KiB).
export const API_COMPRESSION = {
  encodings: ["gzip", "br", "deflate"] as Array<"gzip" | "br" | "deflate">,
  // memLevel 9: a quarter faster than the default 8 on a 14 KB page of 20 projects (its setup), same size.
  zlibOptions: { level: 1, memLevel: 9 },
  threshold: 1024,
  syncThreshold: 1024 * 1024,
};

/**
 * Could a JSON text nest deeper than `max`? Not when it holds no more than `max` brackets in all
 * (a search body holds a handful): then the parsed value need not be walked.
 */
function mayNestDeeper(text: string, max: number): boolean {
  let opened = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 0x7b || c === 0x5b) && ++opened > max) return true;
  }
  return false;
}

export async function installHttpStack(app: FastifyInstance, config: ServerConfig): Promise<void> {
  // An empty body sent as application/json (DELETE, logout) means "no body", not a 400. A body
  // nested deeper than LIMITS.jsonDepth is refused here, before any handler recurses into it.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (body === "" || (typeof body === "string" && body.trim() === "")) return done(null, undefined);
    json(req, body as string, (err, value) => {
      if (err) return done(err);
      const deep = mayNestDeeper(body as string, LIMITS.jsonDepth) ? tooDeepPath(value, LIMITS.jsonDepth) : null;
      if (deep !== null) return done(badRequest({ [deep]: { key: "too_deep", params: { max: LIMITS.jsonDepth } } }));
      done(null, value);
    });
  });
  // Answers are never sniffed as another type, framed by other sites or leak a referrer
  // (@fastify/helmet; its other defaults too). No global CSP yet: the served files and the
  // invoice set their own.
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
  });
  // Per-token and per-IP request limits on the services (429 rate_limited), before any session
  // lookup; /osmand counts per device key in its own scope (server/http/rate-limit.ts).
  await registerRateLimit(app);
  await installRateLimits(app, config, API_PREFIXES);
  // API answers are made per request: gzip at level 1 (nginx's default level) for clients that
  // take it, as brotli's per-answer setup cost ~40 % of a cached search's CPU (bench:api; gzip 1
  // ~3 %) for answers ~15 % smaller. Static files keep the plugin's defaults (brotli first):
  // each is fetched once per release. Must be added before the plugin's own onRoute hook.
  app.addHook("onRoute", (route) => {
    if (route.compress === undefined && API_PREFIXES.some((p) => route.url.startsWith(p))) route.compress = API_COMPRESSION;
  });
  await app.register(compress, { global: true, threshold: 1024 });
}
