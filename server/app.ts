// Builds the Fastify app: database (migrated, seeded), auth routes, one route per declared
// operation, registered custom operations and extra routes, the built web app at `/`.
// Tests call buildApp({ dataDir, seed: "none" }) and use app.inject.
import { existsSync } from "node:fs";
import { join } from "node:path";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { registerAuthRoutes } from "./auth/routes";
import { assertProductionReady, isPostgres, loadConfig, type ServerConfig } from "./config";
import { openDatabase } from "./db/connection";
import { shareChanges } from "./db/pg-changes";
import { isReadRequest, openReplicas } from "./db/replicas";
import { migrate } from "./db/migrate";
import { startPartitionMaintenance } from "./db/waypoint-partitions";
import { startSqliteStatistics } from "./db/sqlite-statistics";
import { startCheckpoints } from "./db/sqlite-checkpoints";
import { errorEnvelope, installErrorHandlers } from "./http/error-handler";
import { allowOutboundHosts } from "./http/outbound-address";
import { langOf, t } from "./i18n/messages";
import { installHttpStack } from "./http/stack";
import { loggerOptions, type LogDestination } from "./http/log-options";
import { createMailer } from "./mail/mailer";
import { registeredRoutes } from "./routes/custom-registry";
import "./auth/session-route"; // GET /api/session and the X-Rights stamp
import { purgeIdempotency } from "./field/idempotency";
import { registerOsmAndRoutes } from "./field/osmand-routes";
import { createBus, registerLiveEvents, type LiveEvents } from "./events";
import { registerInvoiceRoutes } from "./invoice/routes";
import { registerMapServiceRoutes } from "./map/routes";
import { registerWfsRoutes } from "./map/wfs-routes";
import { loadHandlers } from "./routes/handler-modules";
import { registerResourceRoutes } from "./routes/register";
import { openApiText } from "./openapi/document";
import { registerReferencePage } from "./openapi/reference-page";
import { seed as runSeed, type SeedMode, type SeedResult } from "./seed";
import type { Services } from "./services";
import { localFileStorage } from "./storage/files";
import { installUploads } from "./storage/uploads";

/** The longest path parameter routed (Node's request line and headers end at 16 KB). */
const MAX_PARAM_LENGTH = 16_384;

export interface BuildOptions extends Omit<Partial<ServerConfig>, "seed"> {
  /** Overrides SEED; false = no seeding at all (not even reference data). */
  seed?: SeedMode | false;
  /** Fastify logger: false in tests, the configured level otherwise. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: LogDestination;
  env?: NodeJS.ProcessEnv;
  /** Sees every answer before it is compressed (the server suite checks the JSON ones against the OpenAPI document). */
  onAnswer?: (answer: Answer) => void;
}

/** An answer as onAnswer sees it: the route's pattern (`/api/project/edit/:id`, undefined when no route matched) and the payload as sent. */
export interface Answer {
  method: string;
  route: string | undefined;
  status: number;
  contentType: string;
  /** Sent already compressed (a kept answer): the payload is not JSON text. */
  encoded: boolean;
  payload: unknown;
}

export type App = FastifyInstance & { services: Services; seedResult: SeedResult | null; liveEvents: LiveEvents };

export async function buildApp(o: BuildOptions = {}): Promise<App> {
  const { seed, logger, logDestination, env, onAnswer, ...overrides } = o;
  // NODE_ENV=production: no development default of a secret or of the mails' address (config.ts).
  assertProductionReady(env ?? process.env);
  // The handlers the declaration names (ResourceDecl.handlers): no start while they do not agree with it.
  await loadHandlers();
  const config: ServerConfig = { ...loadConfig(env ?? process.env), ...overrides };
  // The internal hosts webhooks may reach (one list per process: the last app built sets it).
  allowOutboundHosts(config.webhookAllowHosts);
  if (config.databaseReadUrls.length && !isPostgres(config)) throw new Error("DATABASE_READ_URL (read replicas) needs a PostgreSQL DATABASE_URL");
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.pgSchema });
  try {
    await migrate(handle);
  } catch (e) {
    await handle.close();
    throw e;
  }

  const app = Fastify({
    // No secret in a log line: server/http/log-options.ts.
    logger: logger === false ? false : loggerOptions(config, logDestination),
    // Two log lines per request cost more than a cached search itself; failures are still
    // logged by the error handler. LOG_REQUESTS=1 brings the access log back.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // A path parameter may be as long as Node lets a request line be (16 KB of headers): a
    // multiple-delete of 200 stored image names (~38 characters each) reaches its own 400.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // A URL Fastify cannot route (a bad escape, a parameter past that bound) answers in the envelope.
    frameworkErrors: (err, req, reply) => {
      const { statusCode, body } = errorEnvelope(err, req);
      void (reply as FastifyReply).code(statusCode).send(body);
    },
  }) as unknown as App;

  if (onAnswer)
    app.addHook("onSend", async (req, reply, payload) => {
      onAnswer({
        method: req.method,
        route: req.routeOptions.url,
        status: reply.statusCode,
        contentType: String(reply.getHeader("content-type") ?? ""),
        encoded: reply.hasHeader("content-encoding"),
        payload,
      });
      return payload;
    });

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
  // PostgreSQL: the instances tell each other which tables they wrote, for their caches.
  if (handle.dialect === "postgres") {
    const sharing = shareChanges(handle.changes, {
      connectionString: config.databaseUrl,
      schema: handle.schema,
      onError: (err) => app.log.error({ err }, "cache changes: PostgreSQL channel"),
    });
    await sharing.started;
    app.addHook("onClose", async () => sharing.close());
    // Read your writes: a request that may have written is answered once the other instances applied its changes.
    app.addHook("onSend", async (req, _reply, payload) => {
      if (req.method !== "GET" && req.method !== "HEAD") await sharing.settled();
      return payload;
    });
  }
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
  // SQLite: the planner's statistics, now and every few hours (db/sqlite-statistics.ts).
  const statistics = startSqliteStatistics(handle.db, app.log);
  await statistics.first;
  app.addHook("onClose", async () => statistics.stop());
  // SQLite: WAL checkpoints in a thread of their own, not inside a request's write (db/sqlite-checkpoints.ts).
  const checkpoints = await startCheckpoints(handle.db, app.log);
  app.addHook("onClose", async () => checkpoints.stop());
  // PostgreSQL: waypoint month partitions made ahead, now and once a day (db/waypoint-partitions.ts).
  const partitions = startPartitionMaintenance(handle.db, app.log);
  await partitions.first;
  app.addHook("onClose", async () => partitions.stop());

  installErrorHandlers(app);
  await installHttpStack(app, config);
  // Each upload sets its own, tighter limits from its operation's declared files (storage/uploads.ts).
  await app.register(multipart, { limits: { fileSize: config.uploadMaxMb * 1024 * 1024, files: 20, fields: 100 } });
  await installUploads(app, config);

  app.get("/api/health", async (_req, reply) => {
    try {
      await handle.db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
      return { status: true };
    } catch {
      return reply.code(503).send({ status: false, key: "unavailable", message: t(langOf(_req.headers["accept-language"]), "unavailable") });
    }
  });

  // Public: a partner reads the contract before holding a token; it holds no data (server/openapi/document.ts).
  app.get("/api/openapi.json", async (_req, reply) => reply.type("application/json; charset=utf-8").header("Cache-Control", "no-cache").send(openApiText()));
  registerReferencePage(app);

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
