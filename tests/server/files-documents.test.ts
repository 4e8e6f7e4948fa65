// Project documents: upload (type by content, allowed list, folder of the same project),
// download headers, delete, tenancy, harmless names.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";
import { multipart, pdf, png, type Part } from "./files-multipart";

let env: TestEnv;
let projectA: number;
let projectA2: number;
let projectB: number;
let folderA: number;
let folderA2: number;

beforeAll(async () => {
  env = await setupServer({ uploadMaxMb: 1 });
  const project = async (as: FixtureUser, code: string) => {
    const type = await env.call(as, "POST", "/api/project-type/add", { name: `Type ${code}` });
    const res = await env.call(as, "POST", "/api/project/add", {
      name: `Project ${code}`,
      code,
      project_type_id: type.body.data.id,
      start_date: "2026-11-01",
      end_date: "2026-12-31",
    });
    expect(res.status, res.raw).toBe(200);
    return Number(res.body.data.id);
  };
  projectA = await project(env.adminA, "PA1");
  projectA2 = await project(env.adminA, "PA2");
  projectB = await project(env.adminB, "PB1");
  folderA = (await env.call(env.adminA, "POST", "/api/folder-document-proyek/add", { project_id: projectA, name: "01 Kontrak" })).body.data.id;
  folderA2 = (await env.call(env.adminA, "POST", "/api/folder-document-proyek/add", { project_id: projectA2, name: "01 Kontrak" })).body.data.id;
});
afterAll(async () => {
  await env?.close();
});

const docsDir = () => join(env.app.services.config.dataDir, "files", "documents");
const onDisk = () => (existsSync(docsDir()) ? readdirSync(docsDir()).sort() : []);

async function upload(as: FixtureUser, file: Buffer, filename: string, fields: Record<string, string | number>) {
  const parts: Part[] = [...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })), { name: "file", value: file, filename }];
  const mp = multipart(parts);
  const res = await env.app.inject({ method: "POST", url: "/api/document-project/upload", headers: { authorization: `Bearer ${as.token}`, ...mp.headers }, payload: mp.payload });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

const download = (as: FixtureUser | null, projectId: number, id: number) =>
  env.app.inject({ method: "GET", url: `/api/document-project/download/${projectId}/${id}`, headers: as ? { authorization: `Bearer ${as.token}` } : {} });

describe("document upload", () => {
  it("stores a PDF under a server-made name with the uploader, type and size", async () => {
    const bytes = pdf();
    const res = await upload(env.adminA, bytes, "Surat Perjanjian Kerja PA1.pdf", { project_id: projectA, folder_id: folderA, description: "Kontrak induk" });
    expect(res.status, res.raw).toBe(200);
    const doc = res.body.data;
    expect(doc).toMatchObject({
      project_id: projectA,
      folder_id: folderA,
      name: "Surat Perjanjian Kerja PA1.pdf",
      mime: "application/pdf",
      size: bytes.length,
      description: "Kontrak induk",
      uploaded_by: env.adminA.id,
      uploaded_by_label: "Ana Admin",
      company_id: env.companyA,
    });
    expect(doc.file).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(readFileSync(join(docsDir(), doc.file))).toEqual(bytes);
  });

  it("accepts text types by name when the bytes have no signature, images and PDFs by content", async () => {
    const csv = await upload(env.adminA, Buffer.from("No;Uraian;Volume\n1;Galian;120\n"), "RAB PA1.csv", { project_id: projectA });
    expect(csv.status, csv.raw).toBe(200);
    expect(csv.body.data).toMatchObject({ mime: "text/csv", folder_id: null });
    expect(csv.body.data.file).toMatch(/\.csv$/);
    const txt = await upload(env.adminA, Buffer.from("Laporan harian\nCuaca: cerah\n"), "laporan", { project_id: projectA });
    expect(txt.body.data).toMatchObject({ mime: "text/plain", name: "laporan.txt" });
    const photo = await upload(env.adminA, png(), "foto.png", { project_id: projectA });
    expect(photo.body.data.mime).toBe("image/png");
    // A PDF named .docx is a PDF: the display name gets the real extension.
    const renamed = await upload(env.adminA, pdf(), "gambar.docx", { project_id: projectA });
    expect(renamed.body.data).toMatchObject({ mime: "application/pdf", name: "gambar.docx.pdf" });
  });

  it("refuses what is not on the list (415), whatever the name says", async () => {
    const before = onDisk();
    const cases: Array<[Buffer, string]> = [
      [Buffer.from("<html><script>alert(1)</script></html>"), "page.html"],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'), "drawing.svg"],
      [Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0)]), "report.pdf"],
      [Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34, 0xff, 0xfe, 0x00, 0x01]), "notes.txt"],
      [Buffer.from("#!/bin/sh\nrm -rf /\n"), "install.sh"],
    ];
    for (const [bytes, name] of cases) {
      const res = await upload(env.adminA, bytes, name, { project_id: projectA });
      expect(res.status, `${name}: ${res.raw}`).toBe(415);
      expect(res.body).toMatchObject({ status: false, key: "unsupported_media" });
      expect(res.body.errors).toEqual({ file: expect.any(String) });
    }
    expect(onDisk()).toEqual(before);
  });

  it("validates the fields: project of the company, folder of that project", async () => {
    const none = await upload(env.adminA, pdf(), "a.pdf", {});
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.errors)).toEqual(["project_id"]);
    const theirs = await upload(env.adminA, pdf(), "a.pdf", { project_id: projectB });
    expect(theirs.status).toBe(400);
    expect(Object.keys(theirs.body.errors)).toEqual(["project_id"]);
    const otherFolder = await upload(env.adminA, pdf(), "a.pdf", { project_id: projectA, folder_id: folderA2 });
    expect(otherFolder.status).toBe(400);
    expect(Object.keys(otherFolder.body.errors)).toEqual(["folder_id"]);
    // Values a client must not set are ignored.
    const sneaky = await upload(env.adminA, pdf(), "a.pdf", { project_id: projectA, file: "../../etc/passwd", uploaded_by: env.adminB.id, name: "x", size: 1 });
    expect(sneaky.status, sneaky.raw).toBe(200);
    expect(sneaky.body.data).toMatchObject({ uploaded_by: env.adminA.id, name: "a.pdf", size: pdf().length });
    expect(sneaky.body.data.file).toMatch(/^[0-9a-f]{32}\.pdf$/);
    // A viewer without the project menu's add right may not upload.
    expect((await upload(env.viewerA, pdf(), "a.pdf", { project_id: projectA })).status).toBe(403);
  });

  it("keeps traversal names for display only, cleaned", async () => {
    const before = readdirSync(join(env.app.services.config.dataDir, "files")).sort();
    for (const name of ["../../../etc/passwd.pdf", "..\\..\\boot.ini.pdf", "/abs/path.pdf"]) {
      const res = await upload(env.adminA, pdf(), name, { project_id: projectA });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.name).not.toMatch(/[\\/]/);
      expect(res.body.data.file).toMatch(/^[0-9a-f]{32}\.pdf$/);
    }
    expect(readdirSync(join(env.app.services.config.dataDir, "files")).sort()).toEqual(before);
  });

  it("answers 413 above UPLOAD_MAX_MB", async () => {
    const res = await upload(env.adminA, Buffer.concat([pdf(), Buffer.alloc(1024 * 1024 + 1, 32)]), "big.pdf", { project_id: projectA });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: false, key: "too_large", message: expect.any(String) });
  });
});

describe("document download and delete", () => {
  it("downloads as an attachment with the UTF-8 name, type and length", async () => {
    const bytes = pdf();
    const doc = (await upload(env.adminA, bytes, 'Berita Acara – Serah Terima "final".pdf', { project_id: projectA })).body.data;
    const res = await download(env.adminA, projectA, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload).toEqual(bytes);
    expect(Number(res.headers["content-length"])).toBe(bytes.length);
    const cd = String(res.headers["content-disposition"]);
    expect(cd.startsWith('attachment; filename="')).toBe(true);
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent(doc.name).replace(/'/g, "%27")}`);
    expect(cd.split('"').length).toBe(3); // the quoted fallback holds no quote of the name
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // @fastify/helmet's headers hold on a served file too, next to its own CSP
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");

    const csv = (await upload(env.adminA, Buffer.from("a;b\n1;2\n"), "data.csv", { project_id: projectA })).body.data;
    expect((await download(env.adminA, projectA, csv.id)).headers["content-type"]).toBe("text/csv; charset=utf-8");
  });

  it("finds documents only in their project and company", async () => {
    const doc = (await upload(env.adminA, pdf(), "x.pdf", { project_id: projectA })).body.data;
    expect((await download(env.adminA, projectA2, doc.id)).statusCode).toBe(404);
    expect((await download(env.adminB, projectA, doc.id)).statusCode).toBe(404);
    expect((await download(null, projectA, doc.id)).statusCode).toBe(401);
    expect((await download(env.viewerA, projectA, doc.id)).statusCode).toBe(200);
    expect((await download(env.adminA, projectA, 999999)).statusCode).toBe(404);
    expect(
      (await env.app.inject({ method: "GET", url: `/api/document-project/download/${projectA}/..%2F..%2Ffieldworks.db`, headers: { authorization: `Bearer ${env.adminA.token}` } }))
        .statusCode,
    ).toBe(404);
  });

  it("deletes the row and the file", async () => {
    const doc = (await upload(env.adminA, pdf(), "hapus.pdf", { project_id: projectA })).body.data;
    const path = join(docsDir(), doc.file);
    expect((await env.call(env.adminB, "DELETE", `/api/document-project/delete/${projectA}/${doc.id}`)).status).toBe(404);
    expect((await env.call(env.adminA, "DELETE", `/api/document-project/delete/${projectA2}/${doc.id}`)).status).toBe(404);
    expect((await env.call(env.viewerA, "DELETE", `/api/document-project/delete/${projectA}/${doc.id}`)).status).toBe(403);
    expect(existsSync(path)).toBe(true);
    const res = await env.call(env.adminA, "DELETE", `/api/document-project/delete/${projectA}/${doc.id}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ status: true, data: null });
    expect(existsSync(path)).toBe(false);
    expect((await download(env.adminA, projectA, doc.id)).statusCode).toBe(404);
    expect((await env.call(env.adminA, "DELETE", `/api/document-project/delete/${projectA}/${doc.id}`)).status).toBe(404);
  });
});
