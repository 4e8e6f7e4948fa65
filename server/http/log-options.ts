// What the server's log may carry: never a secret. Set-password and reset links, session tokens,
// device keys, signatures and passwords reach no log line (server/README.md "Logs"):
// - a request is logged (LOG_REQUESTS=1, or with a failure) as its method, path, host and client
//   address; its query keeps its keys but the values of SECRET_QUERY_KEYS read "[redacted]"
//   (Traccar Client's `/osmand?id=<device key>`, an invoice link's `sig`, any `token`);
// - headers are not logged; were one logged, Authorization and Cookie read "[redacted]";
// - a mail kept in the outbox is logged by its recipient and subject, never its text
//   (server/mail/mailer.ts; `npm run outbox` prints it);
// - bodies are not logged; a refused request logs its error key (Fastify's own JSON error has a
//   fixed message, not JSON.parse's, which quotes the characters around the fault).
// Its format: readable lines through pino-pretty when it writes to a terminal (npm start in a
// shell), one JSON object a line otherwise (a file, a pipe, a log collector), unless LOG_FORMAT
// says which.
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import pretty from "pino-pretty";
import type { ServerConfig } from "../config";

/** Query keys whose values are secrets somewhere in the product, compared without regard to case. */
export const SECRET_QUERY_KEYS: ReadonlySet<string> = new Set(["token", "access_token", "id", "deviceid", "device_id", "key", "sig", "signature", "secret", "password", "code"]);

export const REDACTED = "[redacted]";

/** The URL with the values of secret query keys replaced (the path and the other keys as sent). */
export function redactedUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      } catch {
        // A malformed escape: compared as sent.
      }
      return SECRET_QUERY_KEYS.has(key.trim().toLowerCase()) ? `${rawKey}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join("&")}`;
}

/** A request as the log shows it. */
export const requestForLog = (req: FastifyRequest) => ({
  method: req.method,
  url: redactedUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** Where log lines go instead of stdout (tests read them); isTTY: whether it is a terminal. */
export interface LogDestination {
  write(line: string): void;
  isTTY?: boolean;
}

/** Readable lines (pino-pretty) rather than JSON: LOG_FORMAT=pretty, or auto on a terminal. */
export const prettyLogs = (config: Pick<ServerConfig, "logFormat">, out: LogDestination): boolean =>
  config.logFormat === "pretty" || (config.logFormat === "auto" && out.isTTY === true);

/** Fastify's logger options: the configured level and format, requests as requestForLog, secret headers redacted. */
export function loggerOptions(config: Pick<ServerConfig, "logLevel" | "logFormat">, destination?: LogDestination): FastifyServerOptions["logger"] {
  const base = {
    level: config.logLevel,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization", "headers.cookie"], censor: REDACTED },
    serializers: { req: requestForLog },
  };
  const out = destination ?? process.stdout;
  if (prettyLogs(config, out)) {
    // Synchronous writes in this process (no transport thread): a line is out before the process exits.
    return { ...base, stream: pretty({ destination: out, sync: true, colorize: out.isTTY === true, translateTime: "SYS:yyyy-mm-dd HH:MM:ss.l", ignore: "pid,hostname" }) };
  }
  // pino's own writer to stdout, or the given destination.
  return destination ? { ...base, stream: destination } : base;
}
