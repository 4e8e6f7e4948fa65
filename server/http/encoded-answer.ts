// Search answers kept encoded. Turning a page into JSON and gzipping it was a third of a cached
// search's CPU (bench:api profiles: JSON.stringify ~10 %, gzip ~21 %), and list screens, the
// dashboard and the map ask the same pages again. A generic search's answer is kept as its JSON
// text and that text gzipped (level 1, as API_COMPRESSION), keyed by the search's plan key
// (resource, visibility, paging, orders, normalized columns) and the language, and dropped as
// soon as a table it was read from is written: its rows', its visibility's and its labels'
// (server/cache.ts, like the pages and counts). Only where every writer is seen (seenWrites),
// never for rows read from a replica, nor for an answer an option view projects.
import { gzipSync } from "node:zlib";
import type { FastifyReply } from "fastify";
import { ANSWER_CACHE, cached, seesEveryWrite } from "../cache";
import type { Db } from "../db/connection";
import type { Answer } from "./envelope";
import { API_COMPRESSION } from "./stack";

export class EncodedAnswer {
  constructor(
    readonly statusCode: number,
    /** The envelope as JSON text. */
    readonly json: string,
    /** That text gzipped; null below the compression threshold (sent as it is). */
    readonly gzip: Buffer | null,
    /** A count in it is an estimate (the envelope's `estimated`). */
    readonly estimated = false,
  ) {}
}

export function encodeAnswer(answer: Answer): EncodedAnswer {
  const json = JSON.stringify(answer.body);
  // Its UTF-8 once: measured and compressed from the same bytes.
  const bytes = Buffer.from(json);
  const gzip = bytes.length >= API_COMPRESSION.threshold ? gzipSync(bytes, API_COMPRESSION.zlibOptions) : null;
  return new EncodedAnswer(answer.statusCode, json, gzip, !!answer.body.estimated?.length);
}

/** Are answers read from `tables` kept (every writer seen, not a replica's rows)? */
export const keepsAnswers = (db: Db, tables: readonly string[] | null): boolean => !!tables && seesEveryWrite(db);

/**
 * The answer of `key` from the cache while none of `tables` changed, else made, encoded and kept.
 * Where writes may go unseen (`tables` null: a replica's rows; a database without a complete or
 * shared change log) it is made and sent as any answer.
 */
export function cachedAnswer(db: Db, key: string, tables: readonly string[] | null, make: () => Promise<Answer>): Promise<Answer | EncodedAnswer> {
  if (!tables || !keepsAnswers(db, tables)) return make();
  // An answer with an estimated count is not kept: the exact count comes back (recounted) without a write to drop it.
  return cached(db, "answer", ANSWER_CACHE, key, tables, async () => encodeAnswer(await make()), { seenWrites: true, keep: (a) => !a.estimated });
}

/** Does an Accept-Encoding header take gzip (`gzip` or `*`, not with q=0)? */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return false;
  let star = false;
  for (const part of value.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    if (name === "gzip") return !refused;
    if (name === "*") star = !refused;
  }
  return star;
}

/**
 * Sends an encoded answer: gzipped when the client takes gzip (the compression plugin passes an
 * answer that already has its Content-Encoding), else its text (which the plugin may compress).
 */
export function sendEncoded(reply: FastifyReply, answer: EncodedAnswer): FastifyReply {
  reply.code(answer.statusCode).type("application/json; charset=utf-8");
  if (answer.gzip && acceptsGzip(reply.request.headers["accept-encoding"])) {
    return reply.header("vary", "accept-encoding").header("content-encoding", "gzip").header("content-length", answer.gzip.length).send(answer.gzip);
  }
  return reply.send(answer.json);
}
