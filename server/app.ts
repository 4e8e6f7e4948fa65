// Builds the Fastify app: database (migrated, seeded), auth routes, one route per declared
// operation, registered custom operations and extra routes, the built web app at `/`.
// Tests call buildApp({ dataDir, seed: "none" }) and use app.inject.
import { existsSync } from "node:fs";
import { join } from "node:path";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from "fastify";
import { registerAuthRoutes } from "./auth/routes";
import { isPostgres, loadConfig, type ServerConfig } from "./config";
import { openDatabase } from "./db/connection";
import { isReadRequest, openReplicas } from "./db/replicas";
import { migrate } from "./db/migrate";
import { installErrorHandlers } from "./http/error-handler";
import { langOf, t } from "./i18n/messages";
import { badRequest } from "./http/errors";
import { LIMITS, tooDeepPath } from "./http/limits";
import { installRateLimits, registerRateLimit } from "./http/rate-limit";
import { createMailer } from "./mail/mailer";
import { registeredRoutes } from "./routes/custom-registry";
import "./custom"; // registers the custom operation handlers (server/custom/index.ts)
import "./auth/session-route"; // GET /api/session and the X-Rights stamp
import { purgeIdempotency } from "./field/idempotency";
import { registerOsmAndRoutes } from "./field/osmand-routes";
import { createBus, registerLiveEvents, type LiveEvents } from "./events";
import { registerInvoiceRoutes } from "./invoice/routes";
import { registerMapServiceRoutes } from "./map/routes";
import { registerWfsRoutes } from "./map/wfs-routes";
import { registerResourceRoutes } from "./routes/register";
import { seed as runSeed, type SeedMode, type SeedResult } from "./seed";
import type { Services } from "./services";
import { localFileStorage } from "./storage/files";

export interface BuildOptions extends Omit<Partial<ServerConfig>, "seed"> {
  /** Overrides SEED; false = no seeding at all (not even reference data). */
  seed?: SeedMode | false;
  /** Fastify logger: false in tests, the configured level otherwise. */
  logger?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** Routes answering per request (not static files). */
const API_PREFIXES = ["/api/", "/legacy/", "/map-service/", "/gis/", "/invoice/"];
// Answers up to 1 MiB are compressed in one synchronous call (a worker's day of waypoints is
// ~300 KB: ~1.5 ms at level 1, less than making its JSON): a zlib stream per answer costs more
// than compressing a page, and added ~2 ms to a day of waypoints (the 2-core default cut-off
// is 4 KiB).
const API_COMPRESSION = { encodings: ["gzip", "br", "deflate"] as Array<"gzip" | "br" | "deflate">, zlibOptions: { level: 1 }, threshold: 1024, syncThreshold: 1024 * 1024 };

export type App = FastifyInstance & { services: Services; seedResult: SeedResult | null; liveEvents: LiveEvents };

export async function buildApp(o: BuildOptions = {}): Promise<App> {
  const { seed, logger, env, ...overrides } = o;
  const config: ServerConfig = { ...loadConfig(env ?? process.env), ...overrides };
  if (config.databaseReadUrls.length && !isPostgres(config)) throw new Error("DATABASE_READ_URL (read replicas) needs a PostgreSQL DATABASE_URL");
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.pgSchema });
  try {
    await migrate(handle);
  } catch (e) {
    await handle.close();
    throw e;
  }

  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel, redact: ["req.headers.authorization"] },
    // Two log lines per request cost more than a cached search itself; failures are still
    // logged by the error handler. LOG_REQUESTS=1 brings the access log back.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  }) as unknown as App;

  const files = localFileStorage(config.dataDir);
  const services: Services = {
    db: handle.db,
    handle,
    config,
    files,
    mailer: createMailer({ db: handle.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    events: createBus(config, handle.db, app.log),
  };
  app.decorate("services", services);
  app.decorate("seedResult", null);
  app.addHook("onClose", async () => handle.close());
  if (config.databaseReadUrls.length) {
    // Read replicas (server/db/replicas.ts): probed once now, then in the background. A token's
    // writes are noted when they start and when they end (read-your-writes).
    const replicas = openReplicas(handle.db, {
      urls: config.databaseReadUrls,
      pgSchema: config.pgSchema,
      maxLagMs: config.replicaMaxLagMs,
      probeMs: config.replicaProbeMs,
      readYourWritesMs: config.readYourWritesMs,
      log: app.log,
    });
    services.replicas = replicas;
    app.addHook("onClose", async () => replicas.close());
    await replicas.start();
    app.log.info({ replicas: replicas.stats() }, `${replicas.replicas.length} read replica(s)`);
    const noteWrite = async (req: FastifyRequest) => {
      if (!isReadRequest(req.method, req.routeOptions.url)) replicas.noteWrite(req.headers.authorization);
    };
    app.addHook("onRequest", noteWrite);
    app.addHook("onResponse", noteWrite);
  }
  await services.events.start();
  app.addHook("onClose", async () => services.events.close());

  const mode = seed === undefined ? config.seed : seed;
  if (mode !== false) app.seedResult = await runSeed(handle.db, mode, { files, log: app.log });
  // Idempotency keys live a week: purged now and once a day.
  await purgeIdempotency(handle.db);
  const purge = setInterval(() => void purgeIdempotency(handle.db).catch((e: unknown) => app.log.error({ err: e }, "idempotency purge failed")), 24 * 3600_000);
  purge.unref();
  app.addHook("onClose", async () => clearInterval(purge));

  installErrorHandlers(app);
  // An empty body sent as application/json (DELETE, logout) means "no body", not a 400. A body
  // nested deeper than LIMITS.jsonDepth is refused here, before any handler recurses into it.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (body === "" || (typeof body === "string" && body.trim() === "")) return done(null, undefined);
    json(req, body as string, (err, value) => {
      if (err) return done(err);
      const deep = tooDeepPath(value, LIMITS.jsonDepth);
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
  await app.register(multipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 20, fields: 100 } });

  app.get("/api/health", async (_req, reply) => {
    try {
      await handle.db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
      return { status: true };
    } catch {
      return reply.code(503).send({ status: false, key: "unavailable", message: t(langOf(_req.headers["accept-language"]), "unavailable") });
    }
  });

  registerAuthRoutes(app, services);
  registerResourceRoutes(app, services);
  for (const fn of registeredRoutes()) await fn(app, services);
  await registerMapServiceRoutes(app, services);
  await registerWfsRoutes(app, services);
  await registerInvoiceRoutes(app, services);
  await registerOsmAndRoutes(app, services);
  app.decorate("liveEvents", await registerLiveEvents(app, services));

  if (existsSync(join(config.distDir, "index.html"))) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: "/",
      wildcard: false,
      setHeaders(reply, path) {
        // Hashed assets never change; index.html must be fetched fresh to find the new ones.
        reply.header("Cache-Control", /[\\/]assets[\\/]/.test(path) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  await app.ready();
  return app;
}
