// One place that turns failures into the envelope: our HttpErrors with their messages and
// field errors, Fastify's own errors (bad JSON, too large, wrong content type) by status, and
// anything else as a 500 without internals (logged in full).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { langOf, t, type MessageKey } from "../i18n/messages";
import { HttpError } from "./errors";
import type { Envelope } from "./envelope";

const KEY_BY_STATUS: Record<number, MessageKey> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "route_not_found",
  406: "bad_request",
  409: "conflict",
  413: "too_large",
  414: "too_large",
  415: "unsupported_media",
  429: "too_many_attempts",
  501: "not_implemented",
};

export function errorEnvelope(err: unknown, req: FastifyRequest): { statusCode: number; body: Envelope } {
  const lang = langOf(req.headers["accept-language"]);
  if (err instanceof HttpError) {
    const body: Envelope = { status: false, key: err.key, message: t(lang, err.messageKey ?? err.key, err.params) };
    if (err.details !== undefined) body.details = err.details;
    if (err.errors) body.errors = Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, t(lang, m.key, m.params)]));
    return { statusCode: err.statusCode, body };
  }
  const fe = err as Partial<FastifyError>;
  const status = typeof fe.statusCode === "number" ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const key = KEY_BY_STATUS[status] ?? "bad_request";
    return { statusCode: status, body: { status: false, key, message: t(lang, key) } };
  }
  return { statusCode: 500, body: { status: false, key: "server_error", message: t(lang, "server_error") } };
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply: FastifyReply) => {
    // The client went away while a (compressed) answer streamed: nothing to answer, not a failure.
    if ((err as FastifyError).code === "ERR_STREAM_PREMATURE_CLOSE") {
      req.log.info("client closed the connection");
      req.raw.destroy();
      return;
    }
    const { statusCode, body } = errorEnvelope(err, req);
    if (statusCode >= 500) req.log.error({ err }, "request failed");
    else req.log.info({ code: (err as FastifyError).code, statusCode }, (err as Error).message);
    return reply.code(statusCode).send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    const lang = langOf(req.headers["accept-language"]);
    return reply.code(404).send({ status: false, key: "route_not_found", message: t(lang, "route_not_found") } satisfies Envelope);
  });
}
