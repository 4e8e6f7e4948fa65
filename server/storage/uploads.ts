// Shared by the image store (files-images.ts) and project documents (files-documents.ts):
// reading a multipart upload, server-made stored names, display names, the storage quota and
// sending stored bytes with safe headers. No routes here.
//
// Rules that hold for every stored file:
// - the client's file name is never part of a path: files are stored as <128 random bits
//   in hex>.<extension of the type detected from the content> through services.files;
// - the client's name is kept only for display (original_name / name), cleaned of path parts,
//   control and bidi characters;
// - the type is decided from the bytes (file-type), never from the client's Content-Type.
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { resourceByName } from "../../declaration";
import type { Db } from "../db/connection";
import { HttpError, badRequest, type FieldErrors } from "../http/errors";

/** What a stored name looks like (also what services.files accepts): one plain path segment. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export const isStoredName = (s: unknown): s is string => typeof s === "string" && STORED_NAME.test(s) && !s.includes("..");

/** A new stored name: 128 random bits, hex, with the detected type's extension. */
export const newStoredName = (ext: string): string => `${randomBytes(16).toString("hex")}.${ext.toLowerCase().replace(/[^a-z0-9]/g, "")}`;

export interface UploadedFile {
  /** Multipart field name ("file"). */
  field: string;
  /** The client's file name as sent (untrusted; display only). */
  filename: string;
  content: Buffer;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads a whole multipart body: text fields and file parts (buffered; @fastify/multipart stops
 * a file above UPLOAD_MAX_MB with its 413 error, answered in the envelope by the error handler).
 * Not multipart → 415.
 */
export async function readUpload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw new HttpError(415, "unsupported_media");
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of req.parts()) {
    if (part.type === "file") {
      files.push({ field: part.fieldname, filename: part.filename ?? "", content: await part.toBuffer() });
    } else if (typeof part.value === "string" && !(part.fieldname in fields)) {
      // The first value of a repeated field wins; prototype keys are refused by the plugin.
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** The `file` parts of an upload; 400 (file: required) when there is none or one is empty. */
export function fileParts(up: Upload, o: { max: number }): UploadedFile[] {
  const parts = up.files.filter((f) => f.field === "file");
  const errors: FieldErrors = {};
  if (parts.length === 0) errors.file = { key: "required" };
  else if (parts.length > o.max) errors.file = { key: "too_big", params: { max: o.max } };
  parts.forEach((p, i) => {
    if (p.content.length === 0) errors[parts.length > 1 ? `file.${i}` : "file"] = { key: "required" };
  });
  const others = up.files.filter((f) => f.field !== "file");
  for (const other of others) errors[other.field] = { key: "bad_request" };
  if (Object.keys(errors).length) throw badRequest(errors);
  return parts;
}

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
  const companies = resourceByName("company-management").table!;
  const company = await db.selectFrom(companies).select("storage_quota_mb").where("id", "=", companyId).executeTakeFirst();
  const quotaMb = company?.storage_quota_mb;
  if (quotaMb === null || quotaMb === undefined) return;
  let used = 0;
  for (const name of ["image", "document-project"] as const) {
    const row = await db
      .selectFrom(resourceByName(name).table!)
      .select((eb) => eb.fn.sum<number>("size").as("bytes"))
      .where("company_id", "=", companyId)
      .executeTakeFirst();
    used += Number(row?.bytes ?? 0);
  }
  if (used + adding > Number(quotaMb) * 1024 * 1024) {
    throw new HttpError(413, "too_large", {}, { file: { key: "too_big", params: { max: `${Number(quotaMb)} MB` } } });
  }
}
