// Server settings from the environment, read once at start. Every value has a default that
// runs the demo on one machine; see README "Configuration".
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";

export interface ServerConfig {
  port: number;
  host: string;
  /** SQLite file and uploaded files live here. */
  dataDir: string;
  /** postgres://… runs on PostgreSQL; empty = SQLite file `${dataDir}/fieldworks.db`. */
  databaseUrl: string;
  /** PostgreSQL schema (search_path) to use; tests give each file its own. Default "public". */
  pgSchema: string;
  /** DATABASE_READ_URL: PostgreSQL read replicas (comma separated) for the read-only operations (server/db/replicas.ts); needs a PostgreSQL databaseUrl. */
  databaseReadUrls: string[];
  /** A token's reads within this many ms after its last write go to the primary (per server process); 0: no such window. */
  readYourWritesMs: number;
  /** A replica further behind the primary than this is skipped. */
  replicaMaxLagMs: number;
  /** How often each server process probes its replicas (up or down, and how far behind). */
  replicaProbeMs: number;
  /** What an empty database is filled with: reference data always, demo data with "demo". */
  seed: "demo" | "none";
  tokenTtlHours: number;
  uploadMaxMb: number;
  /** Largest JSON body in bytes (Fastify bodyLimit); bigger answers 413. */
  bodyLimit: number;
  /** smtp://user:pass@host:587; empty = mails go to the outbox table and the log. */
  smtpUrl: string;
  mailFrom: string;
  /** Base of links in mails (password reset). */
  appUrl: string;
  logLevel: string;
  /** LOG_FORMAT: "pretty" (pino-pretty's readable lines), "json" (one JSON object a line), "auto" (pretty on a terminal, else JSON; server/http/log-options.ts). */
  logFormat: LogFormat;
  /** Log every request and answer (Fastify's access log); off by default (failures are logged). */
  logRequests: boolean;
  /** Failed logins from one IP within `loginWindowMinutes` before 429. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** Requests per window on /api, /legacy, /map-service, /gis and /invoice for one bearer token (server/http/rate-limit.ts); 0: no limit. */
  rateLimitPerToken: number;
  /** Requests per window on /osmand for one device key; 0: no limit. */
  rateLimitPerDevice: number;
  /** Requests per window without a bearer token (login, reset mails, invoice links, health) for one client IP; 0: no limit. */
  rateLimitPerIp: number;
  /** The rate limits' window in milliseconds. Counted per server process, in memory. */
  rateLimitWindowMs: number;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  /** Built web app served at `/` when present. */
  distDir: string;
  /** HMAC-SHA256 key of the payment gateway's callback (product-transaction-user/notification). */
  paymentWebhookSecret: string;
  /** HMAC key of short-lived signed links (/invoice/{id}); random per start when unset. */
  linkSecret: string;
  /** Server processes sharing the port (server/cluster.ts); "auto" = one per core. */
  workers: number;
  /** Milliseconds between sweeps of the live events (panic escalation, no clock-in, phone silent; server/events/sweep.ts); 0: none. */
  liveSweepMs: number;
  /** Alert deliveries (server/events/delivery.ts): how often each process looks for due ones, ms. */
  deliveryPollMs: number;
  /** The first retry's wait, ms (doubling each attempt, at most DELIVERY_RETRY_MAX_MS). */
  deliveryRetryMs: number;
  /** A claimed delivery's lease, ms: a process killed mid-delivery leaves it to another after this. */
  deliveryLeaseMs: number;
  /** WEBHOOK_ALLOW_HOSTS: internal hosts (`host` or `host:port`) webhooks may be sent to; every other local or private address is refused (server/http/outbound-address.ts). */
  webhookAllowHosts: string[];
  /** OWNER_TWO_FACTOR: "required" makes the platform owner sign in with a second factor (server/auth/two-factor-policy.ts). */
  ownerTwoFactor: "required" | "off";
  /** TWO_FACTOR_KEY: the key the stored TOTP secrets are encrypted with (server/auth/two-factor-secret.ts). */
  twoFactorKey: string;
}

export const LOG_FORMATS = ["auto", "pretty", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Used when PAYMENT_WEBHOOK_SECRET is unset: fine on a laptop, never in production (refused there: productionProblems). */
export const DEV_PAYMENT_WEBHOOK_SECRET = "fieldworks-dev-payment-webhook-secret";
/** Used when TWO_FACTOR_KEY is unset: the stored TOTP secrets are then only as safe as the database (logged at start). */
export const DEV_TWO_FACTOR_KEY = "fieldworks-dev-two-factor-key";

/** The shortest secret production accepts (a random 128-bit key written in base64 is 22 characters). */
export const MIN_SECRET_LENGTH = 16;

const isProduction = (env: NodeJS.ProcessEnv): boolean => env.NODE_ENV === "production";

/**
 * What production (NODE_ENV=production) must set, each a setting whose default is only good for
 * development: the payment callback's key (the default is public), the signed links' key (the
 * default is random per process, so links break across restarts and instances, and the primary
 * hands its own to the workers), the address mails link to (the default is localhost). One line
 * per missing or unusable setting; empty when the environment is fit to serve.
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const secret = (name: string, what: string) => {
    const v = env[name] ?? "";
    if (!v) problems.push(`${name} is not set: ${what}.`);
    else if (v === DEV_PAYMENT_WEBHOOK_SECRET) problems.push(`${name} is the development secret printed in the README: set your own.`);
    else if (v.length < MIN_SECRET_LENGTH) problems.push(`${name} is shorter than ${MIN_SECRET_LENGTH} characters.`);
  };
  secret("PAYMENT_WEBHOOK_SECRET", "the key your payment gateway signs its callbacks with (without it anyone could mark an invoice paid)");
  secret("LINK_SECRET", "the key of the signed invoice links, the same on every instance (e.g. openssl rand -hex 32)");
  if (!env.APP_URL) problems.push("APP_URL is not set: the address links in mails point to (e.g. https://fieldworks.example.com).");
  return problems;
}

/** The server refuses to start: the message says what to set. */
export class ConfigError extends Error {}

/** Throws a ConfigError naming every problem when NODE_ENV=production and something production needs is missing. */
export function assertProductionReady(env: NodeJS.ProcessEnv): void {
  if (!isProduction(env)) return;
  const problems = productionProblems(env);
  if (problems.length) {
    throw new ConfigError(
      ["NODE_ENV=production, and the server does not start with development defaults:", ...problems.map((p) => `  - ${p}`), 'See README "Configuration".'].join("\n"),
    );
  }
}

const int = (v: string | undefined, d: number): number => {
  const n = Number(v);
  return v !== undefined && v !== "" && Number.isFinite(n) ? Math.trunc(n) : d;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR || "./data");
  const port = int(env.PORT, 3000);
  // Production seeds nothing unless asked (the demo's accounts share a published password).
  const seed = (env.SEED || (isProduction(env) ? "none" : "demo")).toLowerCase();
  if (seed !== "demo" && seed !== "none") throw new Error(`SEED must be "demo" or "none", not "${env.SEED}"`);
  const ownerTwoFactor = (env.OWNER_TWO_FACTOR || "off").toLowerCase();
  if (ownerTwoFactor !== "required" && ownerTwoFactor !== "off") throw new Error(`OWNER_TWO_FACTOR must be "required" or "off", not "${env.OWNER_TWO_FACTOR}"`);
  const logFormat = (env.LOG_FORMAT || "auto").toLowerCase();
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) throw new Error(`LOG_FORMAT must be one of ${LOG_FORMATS.join(", ")}, not "${env.LOG_FORMAT}"`);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || "",
    pgSchema: env.DB_SCHEMA || "public",
    databaseReadUrls: (env.DATABASE_READ_URL || "")
      .split(",")
      .map((u) => u.trim())
      .filter(Boolean),
    readYourWritesMs: Math.max(0, int(env.READ_YOUR_WRITES_MS, 5_000)),
    replicaMaxLagMs: Math.max(0, int(env.REPLICA_MAX_LAG_MS, 5_000)),
    replicaProbeMs: Math.max(50, int(env.REPLICA_PROBE_MS, 1_000)),
    seed,
    tokenTtlHours: int(env.TOKEN_TTL_HOURS, 168),
    uploadMaxMb: int(env.UPLOAD_MAX_MB, 10),
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024),
    smtpUrl: env.SMTP_URL || "",
    mailFrom: env.MAIL_FROM || "Fieldworks <no-reply@fieldworks.local>",
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    logLevel: env.LOG_LEVEL || "info",
    logFormat: logFormat as LogFormat,
    logRequests: env.LOG_REQUESTS === "1" || env.LOG_REQUESTS === "true",
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 10),
    loginWindowMinutes: int(env.LOGIN_WINDOW_MINUTES, 15),
    rateLimitPerToken: Math.max(0, int(env.RATE_LIMIT_PER_TOKEN, 600)),
    rateLimitPerDevice: Math.max(0, int(env.RATE_LIMIT_PER_DEVICE, 120)),
    rateLimitPerIp: Math.max(0, int(env.RATE_LIMIT_PER_IP, 300)),
    rateLimitWindowMs: Math.max(1, int(env.RATE_LIMIT_WINDOW_MS, 60_000)),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    distDir: resolve(env.DIST_DIR || "./dist"),
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || DEV_PAYMENT_WEBHOOK_SECRET,
    linkSecret: env.LINK_SECRET || randomBytes(32).toString("hex"),
    // Default: one process per core (a request is mostly JavaScript on one thread; server/README.md).
    workers: !env.WORKERS || env.WORKERS === "auto" ? availableParallelism() : Math.max(1, int(env.WORKERS, 1)),
    liveSweepMs: int(env.LIVE_SWEEP_MS, 10_000),
    deliveryPollMs: Math.max(0, int(env.DELIVERY_POLL_MS, 1_000)),
    deliveryRetryMs: Math.max(10, int(env.DELIVERY_RETRY_MS, 2_000)),
    deliveryLeaseMs: Math.max(1_000, int(env.DELIVERY_LEASE_MS, 60_000)),
    webhookAllowHosts: (env.WEBHOOK_ALLOW_HOSTS || "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
    ownerTwoFactor,
    twoFactorKey: env.TWO_FACTOR_KEY || DEV_TWO_FACTOR_KEY,
  };
}

/**
 * Environment turning every request limit off (server/http/rate-limit.ts): the benches and the test
 * suites drive the server far faster than people and phones do; the limits' own tests set theirs.
 */
export const RATE_LIMITS_OFF: Readonly<Record<string, string>> = { RATE_LIMIT_PER_TOKEN: "0", RATE_LIMIT_PER_DEVICE: "0", RATE_LIMIT_PER_IP: "0" };

export const isPostgres = (c: Pick<ServerConfig, "databaseUrl">): boolean => /^postgres(ql)?:\/\//i.test(c.databaseUrl);
