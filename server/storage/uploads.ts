// Shared by the image store (files-images.ts), project documents (files-documents.ts) and the
// clock-in and clock-out (field-presence.ts): reading a multipart upload as it streams in,
// server-made stored names, display names, the storage quota and sending stored bytes with
// safe headers. No routes here.
//
// Rules that hold for every upload:
// - an operation takes the file parts its declaration names (`files` of the operation,
//   declaration/uploads.ts); a part of another field, or one more than declared, is refused as
//   it arrives (400 naming the field), and the rest of the body is read and dropped, never kept;
// - file parts go to a temporary file under DATA_DIR/tmp/uploads as they arrive (a file over
//   UPLOAD_MAX_MB: 413 as soon as it passes the limit); memory holds the text fields (at most
//   UPLOAD_FIELDS of UPLOAD_FIELD_BYTES each) and the parser's buffers, whatever the files'
//   sizes (server/README.md "Uploads"); the temporary files go when the request ends;
// - a body that is no valid multipart/form-data is 400 `bad_multipart`, never a 500;
// - the client's file name is never part of a path: files are stored as <128 random bits
//   in hex>.<extension of the type detected from the content> through services.files;
// - the client's name is kept only for display (original_name / name), cleaned of path parts,
//   control and bidi characters;
// - the type is decided from the bytes (file-type), never from the client's Content-Type.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accepts, filesAtMost, refuseFilePart, resourceByName, type FileSlots } from "../../declaration";
import type { Db } from "../db/connection";
import { HttpError, badRequest, type FieldErrors } from "../http/errors";
import type { ServerConfig } from "../config";
import type { Services } from "../services";

/** What a stored name looks like (also what services.files accepts): one plain path segment. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export const isStoredName = (s: unknown): s is string => typeof s === "string" && STORED_NAME.test(s) && !s.includes("..");

/** A new stored name: 128 random bits, hex, with the detected type's extension. */
export const newStoredName = (ext: string): string => `${randomBytes(16).toString("hex")}.${ext.toLowerCase().replace(/[^a-z0-9]/g, "")}`;

/** Most text fields of one upload (more: 413). */
export const UPLOAD_FIELDS = 50;
/** Most bytes of one text field (more: 400 too_long naming it). A 5,000-character text fits. */
export const UPLOAD_FIELD_BYTES = 32 * 1024;
/** Header lines of one part the parser keeps (a part needs two; busboy keeps at most 80 KiB of them). */
const HEADER_PAIRS = 20;
/** A temporary file older than this is a leftover of a stopped process (swept at start). */
const STALE_MS = 24 * 3600_000;

/** The folder of the temporary files of uploads in flight. */
export const uploadTmpDir = (dataDir: string): string => join(dataDir, "tmp", "uploads");

export interface UploadedFile {
  /** Multipart field name ("file", "selfie"). */
  field: string;
  /** The client's file name as sent (untrusted; display only). */
  filename: string;
  /** Bytes received. */
  size: number;
  /** Where the bytes wait: a temporary file, gone when the request ends (services.files.moveIn takes it). */
  path: string;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** The temporary files of each request, removed when it ends (installUploads). */
const TEMP_FILES = new WeakMap<FastifyRequest, Set<string>>();

async function removeTempFiles(req: FastifyRequest): Promise<void> {
  const paths = TEMP_FILES.get(req);
  if (!paths?.size) return;
  const list = [...paths];
  paths.clear();
  await Promise.all(list.map((p) => rm(p, { force: true }).catch(() => undefined)));
}

/** How much of a refused upload's body is read on (and dropped) before the answer: set by readUpload. */
const DRAIN_CAP = new WeakMap<FastifyRequest, number>();

/**
 * Before a multipart request is answered: removes its temporary files (whatever the handler did;
 * what it kept was moved into the store), and reads the rest of a body it did not read (a refused
 * upload, or one refused before it was read: no token, no right) and drops it, so the answer
 * never comes before the body's end (clients that send their whole body before reading, and
 * keep-alive connections, get it whole). Past the most the operation could take (`DRAIN_CAP`, or
 * one file's worth) reading stops, and the connection is closed after the answer. At start:
 * sweeps leftovers of stopped processes (older than a day).
 */
export async function installUploads(app: FastifyInstance, config: Pick<ServerConfig, "dataDir" | "uploadMaxMb">): Promise<void> {
  const oneFile = config.uploadMaxMb * 1024 * 1024 + UPLOAD_FIELDS * UPLOAD_FIELD_BYTES;
  app.addHook("onSend", async (req, reply, payload) => {
    await removeTempFiles(req);
    if (req.isMultipart()) await dropRest(req, reply, DRAIN_CAP.get(req) ?? oneFile);
    return payload;
  });
  app.addHook("onResponse", async (req) => removeTempFiles(req));
  const dir = uploadTmpDir(config.dataDir);
  await mkdir(dir, { recursive: true });
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const p = join(dir, name);
    const s = await stat(p).catch(() => null);
    if (s && now - s.mtimeMs > STALE_MS) await rm(p, { force: true, recursive: true }).catch(() => undefined);
  }
}

/**
 * Reads what is left of a request's body and drops it (kept nowhere); resolves at its end, or
 * once `cap` more bytes came: then reading stops and the connection closes after the answer.
 */
function dropRest(req: FastifyRequest, reply: FastifyReply, cap: number): Promise<void> {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let left = cap;
    const done = () => {
      raw.off("data", drop);
      raw.off("end", done);
      raw.off("close", done);
      raw.off("error", done);
      resolve();
    };
    const drop = (chunk: Buffer) => {
      left -= chunk.length;
      if (left >= 0) return;
      raw.pause();
      done();
      reply.header("connection", "close");
      reply.raw.once("close", () => raw.destroy());
    };
    raw.on("data", drop);
    raw.once("end", done);
    raw.once("close", done);
    raw.once("error", done);
    raw.resume();
  });
}

/** Counts the bytes going through. */
const counter = (o: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      o.bytes += chunk.length;
      done(null, chunk);
    },
  });

/** An error of the multipart parser (busboy) or of the plugin, as the client is answered. */
function uploadError(e: unknown): unknown {
  if (e instanceof HttpError) return e;
  const err = e as { statusCode?: unknown; syscall?: unknown; code?: unknown };
  // The disk (ENOSPC, EACCES, ...) is the server's fault: a 500, logged.
  if (typeof err.syscall === "string") return e;
  // The plugin's limits (parts, fields: 413) and a client gone (400) keep their status; a field
  // declared JSON that is not (406) and everything the parser throws ("Unexpected end of
  // multipart data", "Boundary not found", "Malformed part header", ...) are a malformed body.
  if (typeof err.statusCode === "number" && err.statusCode !== 406 && typeof err.code === "string" && err.code.startsWith("FST_")) return e;
  return new HttpError(400, "bad_multipart");
}

/**
 * Reads a multipart body as it streams in: the text fields (the first value of a repeated one
 * wins) and the file parts the operation declares (`ctx.op.files`), each written to a temporary
 * file. Refused at once: a file part the operation does not take (400 `unexpected_file`), one
 * more than it takes (400 `too_many_files`), a file over UPLOAD_MAX_MB (413). Not multipart:
 * 415. Malformed: 400 `bad_multipart`.
 */
export async function readUpload(ctx: { req: FastifyRequest; op: { files?: FileSlots }; services: Pick<Services, "config"> }): Promise<Upload> {
  const { req } = ctx;
  if (!req.isMultipart()) throw new HttpError(415, "unsupported_media");
  const slots = ctx.op.files ?? {};
  const { uploadMaxMb, dataDir } = ctx.services.config;
  const maxBytes = uploadMaxMb * 1024 * 1024;
  const dir = uploadTmpDir(dataDir);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const counts = new Map<string, number>();
  const tooLong: FieldErrors = {};
  let current: Readable | null = null;
  const temp = TEMP_FILES.get(req) ?? new Set<string>();
  TEMP_FILES.set(req, temp);
  try {
    await mkdir(dir, { recursive: true });
    const most = filesAtMost(slots);
    // One file part more than declared reaches the loop (to be refused by name), never more.
    const parts = req.parts({
      limits: { fileSize: maxBytes, files: most + 1, fields: UPLOAD_FIELDS, fieldSize: UPLOAD_FIELD_BYTES, parts: most + 1 + UPLOAD_FIELDS, headerPairs: HEADER_PAIRS },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        current = part.file;
        const nth = (counts.get(part.fieldname) ?? 0) + 1;
        counts.set(part.fieldname, nth);
        const refusal = refuseFilePart(slots, part.fieldname, nth);
        if (refusal) throw badRequest({ [part.fieldname]: refusal });
        const path = join(dir, `${randomBytes(16).toString("hex")}.part`);
        temp.add(path);
        const size = { bytes: 0 };
        // Made before any byte is written, so a refusal's clean-up always finds (and removes) it.
        const handle = await open(path, "w");
        await pipeline(part.file, counter(size), handle.createWriteStream());
        if (part.file.truncated) {
          const name = (slots[part.fieldname]?.max ?? 1) > 1 ? `${part.fieldname}.${nth - 1}` : part.fieldname;
          throw new HttpError(413, "too_large", {}, { [name]: { key: "too_big", params: { max: `${uploadMaxMb} MB` } } });
        }
        files.push({ field: part.fieldname, filename: part.filename ?? "", size: size.bytes, path });
        current = null;
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        tooLong[part.fieldname] = { key: "too_long", params: { max: UPLOAD_FIELD_BYTES } };
      } else if (typeof part.value === "string" && !(part.fieldname in fields)) {
        // Prototype keys are refused by the plugin.
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    // The parser lets go; the rest of the body is read and dropped before the answer (installUploads).
    req.raw.unpipe();
    current?.destroy();
    DRAIN_CAP.set(req, filesAtMost(slots) * maxBytes + UPLOAD_FIELDS * UPLOAD_FIELD_BYTES);
    await removeTempFiles(req);
    throw uploadError(e);
  }
  if (Object.keys(tooLong).length) {
    await removeTempFiles(req);
    throw badRequest(tooLong);
  }
  return { fields, files };
}

/** The `file` parts of an upload; 400 (file: required) when there is none or one is empty. */
export function fileParts(up: Upload): UploadedFile[] {
  const parts = up.files.filter((f) => f.field === "file");
  const errors: FieldErrors = {};
  if (parts.length === 0) errors.file = { key: "required" };
  parts.forEach((p, i) => {
    if (p.size === 0) errors[parts.length > 1 ? `file.${i}` : "file"] = { key: "required" };
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  return parts;
}

/** Is a file UTF-8 text without NUL or other control characters but tab, newline, CR and form feed? Read as a stream. */
export async function isPlainTextFile(path: string): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  const control = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
  try {
    for await (const chunk of createReadStream(path)) if (control.test(decoder.decode(chunk as Buffer, { stream: true }))) return false;
    return !control.test(decoder.decode());
  } catch {
    return false;
  }
}

/** Whether an upload's detected type is one its declared slot accepts (`accept`, declaration/uploads.ts). */
export const slotAccepts = (slots: FileSlots | undefined, field: string, type: { mime: string; ext: string }): boolean => accepts(slots?.[field]?.accept, type);

/** 415 naming the refused file parts. */
export const unsupported = (keys: string[]): HttpError =>
  new HttpError(415, "unsupported_media", {}, Object.fromEntries(keys.map((k) => [k, { key: "unsupported_media" as const }])));

// Bidi overrides and isolates could make "gpj.exe" read as "exe.jpg"; controls break headers.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const MAX_NAME = 200;

/**
 * The client's file name made fit for display: the last path segment only, no control or bidi
 * characters, no leading dots, at most 200 characters (the extension kept). Empty → fallback.
 */
export function displayName(raw: string, fallback: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  let name = base.replace(UNSAFE_CHARS, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "").trim();
  if (name.length > MAX_NAME) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
    name = name.slice(0, MAX_NAME - ext.length).trimEnd() + ext;
  }
  return name || fallback;
}

/** A stored file type. */
export interface Kind {
  ext: string;
  mime: string;
  /** Extensions a display name may carry for this type (else the stored one is appended). */
  names?: string[];
}

/** The display name ends in an extension of its type (else ".<ext>" is added): "x.exe" → "x.exe.pdf". */
export function nameWithExtension(name: string, kind: Kind): string {
  const fits = (kind.names ?? [kind.ext]).includes(extensionOf(name));
  return fits ? name : `${name}.${kind.ext}`;
}

/** The extension of a display name, lower case, without the dot ("" when none). */
export const extensionOf = (name: string): string => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : "";
};

/**
 * Content-Disposition with an ASCII fallback `filename` and the exact name as RFC 5987/6266
 * `filename*` (UTF-8, percent-encoded), so quotes, semicolons and non-ASCII names cannot break
 * the header or inject parameters.
 */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends stored bytes: the stored type, the disposition, cache rules; nothing is sniffed or run. */
export function sendStored(reply: FastifyReply, o: { content: Buffer; mime: string; disposition: string; cacheControl: string; etag?: string }): FastifyReply {
  const type = /^text\//.test(o.mime) && !/charset=/i.test(o.mime) ? `${o.mime}; charset=utf-8` : o.mime;
  reply
    .header("content-type", type)
    .header("content-disposition", o.disposition)
    .header("cache-control", o.cacheControl)
    // Even opened directly in a tab, a stored file runs no script and loads nothing.
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (o.etag) reply.header("etag", o.etag);
  return reply.send(o.content);
}

/** The request's If-None-Match holds this ETag. */
export const notModified = (req: FastifyRequest, etag: string): boolean => {
  const h = req.headers["if-none-match"];
  return typeof h === "string" && h.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
};

/**
 * 413 when `adding` bytes would take the company past its storage quota
 * (company-management.storage_quota_mb; no quota set = no limit). Counted: images and project
 * documents, the files a company uploads.
 */
export async function checkQuota(db: Db, companyId: number | null, adding: number): Promise<void> {
  if (companyId === null) return;
  const companies = resourceByName("company-management").table;
  const company = await db.selectFrom(companies).select("storage_quota_mb").where("id", "=", companyId).executeTakeFirst();
  const quotaMb = company?.storage_quota_mb;
  if (quotaMb === null || quotaMb === undefined) return;
  let used = 0;
  for (const name of ["image", "document-project"] as const) {
    const row = await db
      .selectFrom(resourceByName(name).table)
      .select((eb) => eb.fn.sum<number>("size").as("bytes"))
      .where("company_id", "=", companyId)
      .executeTakeFirst();
    used += Number(row?.bytes ?? 0);
  }
  if (used + adding > Number(quotaMb) * 1024 * 1024) {
    throw new HttpError(413, "too_large", {}, { file: { key: "too_big", params: { max: `${Number(quotaMb)} MB` } } });
  }
}
