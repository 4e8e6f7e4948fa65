// Multipart uploads as they stream in (server/storage/uploads.ts, issue 28 items 5 and 6): each
// operation takes the file parts its declaration names (declaration/uploads.ts), a part of
// another field or one too many is refused as it arrives (the rest of the body is not read into
// memory, nor written anywhere), and a body that is no valid multipart (no boundary, cut short,
// a broken part header) is a 400 `bad_multipart` in the request's language, never a 500.
// Nothing is stored from a refused request; no temporary file stays behind.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCustom, findOp, resourceByName } from "../../declaration";
import { captureParts, JAKARTA, sendForm, setupField, storedCounts, type FieldEnv } from "./field-fixture";
import { jpeg, multipart, pdf, png, type Part } from "./files-multipart";

let f: FieldEnv;
beforeAll(async () => {
  f = await setupField();
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const CLOCK_IN = "/api/presence/clock-in";
const CLOCK_OUT = "/api/presence/clock-out";
const IMAGE_UPLOAD = "/api/image/upload";
const MULTIPLE_UPLOAD = "/api/image/multiple-upload";
const DOCUMENT_UPLOAD = "/api/document-project/upload";

const tmpDir = () => join(f.env.app.services.config.dataDir, "tmp", "uploads");
const leftovers = () => (existsSync(tmpDir()) ? readdirSync(tmpDir()) : []);
const docCount = async () => (await f.env.db.selectFrom("document_project").select("id").execute()).length;

/** Every upload endpoint with a body of valid fields, its one file part named as it declares. */
const ENDPOINTS = [
  { url: CLOCK_IN, fields: () => ({ lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8, project_id: f.jakarta }), file: "selfie", as: () => f.worker },
  { url: CLOCK_OUT, fields: () => ({ lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8 }), file: "selfie", as: () => f.worker },
  { url: IMAGE_UPLOAD, fields: () => ({ folder: "profile", owner_id: 1 }), file: "file", as: () => f.env.adminA },
  { url: MULTIPLE_UPLOAD, fields: () => ({ folder: "profile", owner_id: 1 }), file: "file", as: () => f.env.adminA },
  { url: DOCUMENT_UPLOAD, fields: () => ({ project_id: f.jakarta }), file: "file", as: () => f.env.adminA },
];

const raw = (url: string, token: string, payload: string | Buffer | Readable, type: string, lang?: string) =>
  f.env.app.inject({ method: "POST", url, payload, headers: { authorization: `Bearer ${token}`, "content-type": type, ...(lang ? { "accept-language": lang } : {}) } });

describe("the declaration says which file parts an upload takes", () => {
  it("clock-in and clock-out: one selfie, an image; upload: one file, multiple-upload: 20; images' accept comes from the image field", () => {
    const presence = resourceByName("presence");
    expect(findCustom(presence, "clockIn")!.files).toEqual({ selfie: { max: 1, accept: "image/*" } });
    expect(findCustom(presence, "clockOut")!.files).toEqual({ selfie: { max: 1, accept: "image/*" } });
    const image = resourceByName("image");
    expect(findOp(image, "create")!.files).toEqual({ file: { max: 1, accept: "image/*" } });
    expect(findCustom(image, "multipleUpload")!.files).toEqual({ file: { max: 20, accept: "image/*" } });
    expect(findOp(resourceByName("document-project"), "create")!.files).toEqual({ file: { max: 1 } });
  });
});

describe("malformed multipart: 400 bad_multipart, in the request's language, nothing stored", () => {
  const boundary = "----fwbroken";
  const head = (name: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ""}\r\n\r\n`;
  const BODIES: Array<[string, string, (file: string) => string | Buffer]> = [
    ["no boundary in the Content-Type", "multipart/form-data", () => `${head("lon")}106.8\r\n--${boundary}--\r\n`],
    ["a boundary the body never uses", `multipart/form-data; boundary=${boundary}`, () => "lon=106.8&lat=-6.2"],
    ["cut short inside a text field", `multipart/form-data; boundary=${boundary}`, () => `${head("lon")}106.8`],
    ["cut short inside a file", `multipart/form-data; boundary=${boundary}`, (file) => Buffer.concat([Buffer.from(head(file, "a.png")), png()])],
    ["cut short inside a part's header", `multipart/form-data; boundary=${boundary}`, () => `--${boundary}\r\nContent-Disposition: form-da`],
    [
      "a part header without an end",
      `multipart/form-data; boundary=${boundary}`,
      () => `--${boundary}\r\nContent-Disposition: form-data; name="lon"\r\n${"X-Pad: y\r\n".repeat(3000)}`,
    ],
    ["no closing boundary after a whole part", `multipart/form-data; boundary=${boundary}`, () => `${head("lon")}106.8\r\n`],
  ];

  it.each(ENDPOINTS.flatMap((e) => BODIES.map(([what, type, body]) => [e.url, what, type, body, e] as const)))("%s, %s", async (url, _what, type, body, e) => {
    const before = await storedCounts(f.env);
    const docs = await docCount();
    const res = await raw(url, e.as().token, body(e.file), type);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ status: false, key: "bad_multipart", message: "The upload could not be read: its multipart/form-data body is malformed or cut short." });
    expect(await storedCounts(f.env)).toEqual(before);
    expect(await docCount()).toBe(docs);
    expect(leftovers()).toEqual([]);
  });

  it("says so in Indonesian too", async () => {
    const res = await raw(CLOCK_IN, f.worker.token, `--x\r\nContent-Disposition: form-data; name="lon"\r\n\r\n1`, "multipart/form-data; boundary=x", "id");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: "bad_multipart", message: "Unggahan tidak dapat dibaca: isi multipart/form-data-nya rusak atau terpotong." });
  });
});

describe("file parts the operation does not take are refused as they arrive", () => {
  it.each(ENDPOINTS)("$url: a file part of another field is 400 unexpected_file naming the field, nothing stored", async (e) => {
    const before = await storedCounts(f.env);
    const docs = await docCount();
    const parts: Part[] = [
      ...Object.entries(e.fields()).map(([name, v]) => ({ name, value: String(v) })),
      { name: e.file, value: png(), filename: "a.png", contentType: "image/png" },
      { name: "photo", value: png(), filename: "b.png", contentType: "image/png" },
    ];
    const res = await sendForm(f.env, e.as(), e.url, parts);
    expect(res.status, res.raw).toBe(400);
    expect(res.body).toMatchObject({ status: false, key: "validation_failed", errors: { photo: "No file is expected in this field." } });
    expect(await storedCounts(f.env)).toEqual(before);
    expect(await docCount()).toBe(docs);
    expect(leftovers()).toEqual([]);
  });

  it("a second selfie is 400 too_many_files {max: 1}; a 21st file of a multiple upload {max: 20}", async () => {
    const before = await storedCounts(f.env);
    const two = await sendForm(f.env, f.worker, CLOCK_IN, [
      ...captureParts({ lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8, project_id: f.jakarta }),
      { name: "selfie", value: jpeg(), filename: "b.jpg", contentType: "image/jpeg" },
    ]);
    expect(two.status, two.raw).toBe(400);
    expect(two.body.errors).toEqual({ selfie: "Too many files: at most 1." });
    const many = await sendForm(f.env, f.env.adminA, MULTIPLE_UPLOAD, [
      { name: "folder", value: "profile" },
      { name: "owner_id", value: "1" },
      ...Array.from({ length: 21 }, (_, i) => ({ name: "file", value: png(), filename: `p${i}.png`, contentType: "image/png" })),
    ]);
    expect(many.status, many.raw).toBe(400);
    expect(many.body.errors).toEqual({ file: "Too many files: at most 20." });
    const idMany = await sendForm(
      f.env,
      f.env.adminA,
      IMAGE_UPLOAD,
      [
        { name: "file", value: png(), filename: "a.png" },
        { name: "file", value: png(), filename: "b.png" },
      ],
      { "accept-language": "id" },
    );
    expect(idMany.body.errors).toEqual({ file: "Terlalu banyak berkas: paling banyak 1." });
    expect(await storedCounts(f.env)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it("is answered before the rest of the body comes: a second selfie that goes on and on gets its 400", async () => {
    const before = await storedCounts(f.env);
    const { payload, headers } = multipart(captureParts({ lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8, project_id: f.jakarta }));
    const boundary = headers["content-type"].split("boundary=")[1];
    const opening = Buffer.concat([
      payload.subarray(0, payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="selfie"; filename="again.png"\r\nContent-Type: image/png\r\n\r\n`),
    ]);
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    // The body goes on and on (64 MiB, then it breaks off without a closing boundary): the answer
    // must not wait for it, nor hold what came.
    const endless = new Readable({
      read() {
        if (sent === 0) this.push(opening);
        if (++sent > 1024) this.push(null);
        else this.push(chunk);
      },
    });
    try {
      const res = await raw(CLOCK_IN, f.worker.token, endless, headers["content-type"]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ selfie: "Too many files: at most 1." });
    } finally {
      endless.destroy();
    }
    expect(await storedCounts(f.env)).toEqual(before);
  });
});

describe("uploads that are taken leave no temporary file behind", () => {
  it("a clock-in, an image, a document and a refused type", async () => {
    const ok = await sendForm(f.env, f.other, CLOCK_IN, captureParts({ lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8, project_id: f.jakarta }));
    expect(ok.status, ok.raw).toBe(200);
    const img = await sendForm(f.env, f.env.adminA, IMAGE_UPLOAD, [
      { name: "folder", value: "profile" },
      { name: "owner_id", value: "1" },
      { name: "file", value: jpeg(), filename: "a.jpg" },
    ]);
    expect(img.status, img.raw).toBe(200);
    const doc = await sendForm(f.env, f.env.adminA, DOCUMENT_UPLOAD, [
      { name: "project_id", value: String(f.jakarta) },
      { name: "file", value: pdf(), filename: "plan.pdf" },
    ]);
    expect(doc.status, doc.raw).toBe(200);
    const refused = await sendForm(f.env, f.env.adminA, IMAGE_UPLOAD, [
      { name: "folder", value: "profile" },
      { name: "owner_id", value: "1" },
      { name: "file", value: pdf(), filename: "a.png" },
    ]);
    expect(refused.status).toBe(415);
    expect(leftovers()).toEqual([]);
  });

  it("a text field over 32 KiB is 400 too_long naming it (not cut silently)", async () => {
    const res = await sendForm(f.env, f.env.adminA, DOCUMENT_UPLOAD, [
      { name: "project_id", value: String(f.jakarta) },
      { name: "description", value: "x".repeat(40_000) },
      { name: "file", value: pdf(), filename: "plan.pdf" },
    ]);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errors).toEqual({ description: "At most 32768 characters." });
    expect(leftovers()).toEqual([]);
  });
});
