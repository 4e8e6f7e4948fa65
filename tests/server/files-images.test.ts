// The image store: multipart upload under a server-made name, type by content, size limit and
// quota (413), harmless client names, serving headers, tenancy, delete and multiple-delete.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";
import { jpeg, multipart, png, type Part } from "./files-multipart";

let env: TestEnv;
beforeAll(async () => {
  // 1 MB uploads, so the limit is cheap to reach.
  env = await setupServer({ uploadMaxMb: 1 });
});
afterAll(async () => {
  await env?.close();
});

const filesDir = () => join(env.app.services.config.dataDir, "files");
const onDisk = (folder: string): string[] => (existsSync(join(filesDir(), folder)) ? readdirSync(join(filesDir(), folder)).sort() : []);

async function send(as: FixtureUser | null, method: string, url: string, parts: Part[]) {
  const mp = multipart(parts);
  const res = await env.app.inject({
    method: method as "POST",
    url,
    headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...mp.headers },
    payload: mp.payload,
  });
  let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    body = res.json();
  } catch {
    body = null;
  }
  return { status: res.statusCode, body, raw: res.body, headers: res.headers };
}

const upload = (as: FixtureUser, file: Buffer, filename: string, fields: Record<string, string> = { folder: "profile", owner_id: "7" }, contentType?: string) =>
  send(as, "POST", "/api/image/upload", [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: "file", value: file, filename, contentType }]);

const get = (as: FixtureUser | null, url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: "GET", url, headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers } });

describe("image upload", () => {
  it("stores the file under a server-made name and answers the image row", async () => {
    const bytes = png(4, 3);
    const res = await upload(env.adminA, bytes, "Foto KTP.png");
    expect(res.status, res.raw).toBe(200);
    const img = res.body.data;
    expect(img).toMatchObject({ folder: "profile", owner_id: 7, original_name: "Foto KTP.png", mime: "image/png", size: bytes.length, company_id: env.companyA });
    expect(img.file_name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(readFileSync(join(filesDir(), "profile", img.file_name))).toEqual(bytes);
    const found = await env.call(env.adminA, "POST", "/api/image/search", { columns: [{ data: "file_name", value: img.file_name }] });
    expect(found.body.data).toHaveLength(1);
    // Another company's search does not see it.
    const other = await env.call(env.adminB, "POST", "/api/image/search", { columns: [{ data: "file_name", value: img.file_name }] });
    expect(other.body.data).toHaveLength(0);
  });

  it("decides the type by content: a PNG named .exe is a PNG, a text named .png is refused (415)", async () => {
    const asExe = await upload(env.adminA, png(), "setup.exe", { folder: "k3", owner_id: "0" }, "application/x-msdownload");
    expect(asExe.status, asExe.raw).toBe(200);
    expect(asExe.body.data).toMatchObject({ mime: "image/png", original_name: "setup.exe.png" });
    expect(asExe.body.data.file_name).toMatch(/\.png$/);

    const before = onDisk("k3");
    const text = await upload(env.adminA, Buffer.from("<script>alert(1)</script>"), "photo.png", { folder: "k3", owner_id: "0" }, "image/png");
    expect(text.status, text.raw).toBe(415);
    expect(text.body).toMatchObject({ status: false, key: "unsupported_media", errors: { file: expect.any(String) } });
    const svg = await upload(env.adminA, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "logo.svg", { folder: "k3", owner_id: "0" }, "image/svg+xml");
    expect(svg.status).toBe(415);
    expect(svg.body.key).toBe("unsupported_media");
    expect(onDisk("k3")).toEqual(before);
  });

  it("accepts JPEG and keeps a .jpeg name", async () => {
    const res = await upload(env.adminA, jpeg(), "IMG_0001.JPEG", { folder: "selfie", owner_id: "3" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ mime: "image/jpeg", original_name: "IMG_0001.JPEG" });
    expect(res.body.data.file_name).toMatch(/^[0-9a-f]{32}\.jpg$/);
  });

  it("validates the fields (400 per field) and wants a file", async () => {
    const bad = await upload(env.adminA, png(), "a.png", { folder: "../../etc", owner_id: "x" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["folder", "owner_id"]);
    const missing = await send(env.adminA, "POST", "/api/image/upload", [
      { name: "folder", value: "profile" },
      { name: "owner_id", value: "1" },
    ]);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(["file"]);
    const json = await env.call(env.adminA, "POST", "/api/image/upload", { folder: "profile", owner_id: 1 });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ status: false, key: "unsupported_media" });
    const noToken = await upload({ ...env.adminA, token: "x".repeat(43) }, png(), "a.png");
    expect(noToken.status).toBe(401);
  });

  it("makes client names harmless: never a path, cleaned for display", async () => {
    const before = readdirSync(filesDir()).sort();
    for (const name of ["../../etc/passwd", "..\\..\\windows\\win.ini", "/etc/shadow", "....//x.png", "a\u202egnp.exe", "\u0000..png"]) {
      const res = await upload(env.adminA, png(), name, { folder: "profile", owner_id: "1" });
      expect(res.status, `${name}: ${res.raw}`).toBe(200);
      const img = res.body.data;
      expect(img.file_name).toMatch(/^[0-9a-f]{32}\.png$/);
      // eslint-disable-next-line no-control-regex -- control characters are what the name must not keep
      expect(img.original_name).not.toMatch(/[\\/\u0000\u202e]/);
      expect(img.original_name.startsWith(".")).toBe(false);
      expect(existsSync(join(filesDir(), "profile", img.file_name))).toBe(true);
    }
    expect(readdirSync(filesDir()).sort()).toEqual(before);
    expect(existsSync(join(env.app.services.config.dataDir, "etc"))).toBe(false);
    // Reading with traversal in the path finds nothing.
    for (const url of ["/api/image/profile/..%2F..%2Ffieldworks.db", "/api/image/..%2F..%2F/fieldworks.db", "/api/image/profile/%2E%2E", "/api/image/profile/.hidden"]) {
      expect((await get(env.adminA, url)).statusCode, url).toBe(404);
    }
  });

  it("answers 413 in the envelope above UPLOAD_MAX_MB, storing nothing", async () => {
    const before = onDisk("profile");
    const big = Buffer.concat([png(), Buffer.alloc(1024 * 1024 + 10, 1)]);
    const res = await upload(env.adminA, big, "big.png");
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: false, key: "too_large", message: expect.any(String) });
    expect(onDisk("profile")).toEqual(before);
  });

  it("answers 413 when the company's storage quota would be exceeded", async () => {
    await env.db.updateTable("companies").set({ storage_quota_mb: 0 }).where("id", "=", env.companyA).execute();
    try {
      const res = await upload(env.adminA, png(), "a.png");
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ status: false, key: "too_large" });
      expect(res.body.errors.file).toEqual(expect.any(String));
    } finally {
      await env.db.updateTable("companies").set({ storage_quota_mb: 1024 }).where("id", "=", env.companyA).execute();
    }
  });
});

describe("serving an image", () => {
  it("serves a company's logo to the platform owner (company records are the platform's), not a profile photo of that company", async () => {
    const logo = await upload(env.adminA, png(5, 5), "logo.png", { folder: "company", owner_id: String(env.companyA) });
    const photo = await upload(env.adminA, png(6, 6), "face.png");
    expect([logo.status, photo.status]).toEqual([200, 200]);
    const logoUrl = `/api/image/company/${logo.body.data.file_name}`;
    const ownerLogo = await get(env.owner, logoUrl);
    expect(ownerLogo.statusCode).toBe(200);
    expect(ownerLogo.rawPayload.equals(png(5, 5))).toBe(true);
    expect((await get(env.owner, `/api/image/profile/${photo.body.data.file_name}`)).statusCode).toBe(404);
    expect((await get(env.adminB, logoUrl)).statusCode).toBe(404);
  });

  it("sends the bytes with type, inline disposition, cache headers and an ETag", async () => {
    const bytes = png(5, 5);
    // (Browsers send a quote in a multipart file name as %22; busboy keeps it as is.)
    const name = "Foto 'Lokasi'; \u00fc\u00e9 100%.png";
    const img = (await upload(env.adminA, bytes, name, { folder: "project", owner_id: "2" })).body.data;
    const res = await get(env.adminA, `/api/image/project/${img.file_name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.rawPayload).toEqual(bytes);
    const cd = String(res.headers["content-disposition"]);
    expect(img.original_name).toBe(name);
    expect(cd.startsWith(`inline; filename="Foto 'Lokasi'_ __ 100_.png"; `)).toBe(true);
    expect(cd.endsWith(`filename*=UTF-8''Foto%20%27Lokasi%27%3B%20%C3%BC%C3%A9%20100%25.png`)).toBe(true);
    expect(res.headers["cache-control"]).toBe("private, max-age=86400");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const etag = String(res.headers.etag);
    const again = await get(env.adminA, `/api/image/project/${img.file_name}`, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("serves only the actor's company's images, with a token", async () => {
    const img = (await upload(env.adminA, png(), "mine.png")).body.data;
    expect((await get(env.adminB, `/api/image/profile/${img.file_name}`)).statusCode).toBe(404);
    expect((await get(null, `/api/image/profile/${img.file_name}`)).statusCode).toBe(401);
    expect((await get(env.viewerA, `/api/image/profile/${img.file_name}`)).statusCode).toBe(200);
    // The right name in the wrong folder is not found either.
    expect((await get(env.adminA, `/api/image/selfie/${img.file_name}`)).statusCode).toBe(404);
    const b = (await upload(env.adminB, png(), "theirs.png")).body.data;
    const res = await get(env.adminA, `/api/image/profile/${b.file_name}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false });
  });
});

describe("multiple-upload", () => {
  it("stores several files at once", async () => {
    const res = await send(env.adminA, "POST", "/api/image/multiple-upload", [
      { name: "folder", value: "issue" },
      { name: "owner_id", value: "11" },
      { name: "file", value: png(), filename: "a.png" },
      { name: "file", value: jpeg(), filename: "b.jpg" },
      { name: "file", value: png(3, 3), filename: "c.png" },
    ]);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((i: { original_name: string }) => i.original_name)).toEqual(["a.png", "b.jpg", "c.png"]);
    for (const i of res.body.data) expect(existsSync(join(filesDir(), "issue", i.file_name))).toBe(true);
  });

  it("is all or nothing: one refused file stores none", async () => {
    const before = onDisk("issue");
    const count = async () => (await env.call(env.adminA, "POST", "/api/image/search", { columns: [{ data: "folder", value: "issue" }] })).body.recordsFiltered;
    const n = await count();
    const res = await send(env.adminA, "POST", "/api/image/multiple-upload", [
      { name: "folder", value: "issue" },
      { name: "owner_id", value: "11" },
      { name: "file", value: png(), filename: "a.png" },
      { name: "file", value: Buffer.from("MZ\x90\x00 not an image"), filename: "b.png" },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.key).toBe("unsupported_media");
    expect(Object.keys(res.body.errors)).toEqual(["file.1"]);
    expect(onDisk("issue")).toEqual(before);
    expect(await count()).toBe(n);
  });
});

describe("deleting images", () => {
  it("removes the row and the file; another company's is not found", async () => {
    const img = (await upload(env.adminA, png(), "gone.png", { folder: "material", owner_id: "5" })).body.data;
    const path = join(filesDir(), "material", img.file_name);
    expect((await env.call(env.adminB, "DELETE", `/api/image/delete/material/5/${img.file_name}`)).status).toBe(404);
    expect((await env.call(env.adminA, "DELETE", `/api/image/delete/material/6/${img.file_name}`)).status).toBe(404);
    expect(existsSync(path)).toBe(true);
    const res = await env.call(env.adminA, "DELETE", `/api/image/delete/material/5/${img.file_name}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ status: true, data: null });
    expect(existsSync(path)).toBe(false);
    expect((await get(env.adminA, `/api/image/material/${img.file_name}`)).statusCode).toBe(404);
    expect((await env.call(env.adminA, "DELETE", `/api/image/delete/material/5/${img.file_name}`)).status).toBe(404);
  });

  it("multiple-delete takes comma-separated names, all or nothing", async () => {
    const names: string[] = [];
    for (const n of ["x.png", "y.png", "z.png"]) names.push((await upload(env.adminA, png(), n, { folder: "tools", owner_id: "9" })).body.data.file_name);
    const unknown = `${"0".repeat(32)}.png`;
    const partial = await env.call(env.adminA, "DELETE", `/api/image/multiple-delete/tools/9/${names[0]},${unknown}`);
    expect(partial.status).toBe(404);
    expect(onDisk("tools")).toEqual(expect.arrayContaining(names));
    const traversal = await env.call(env.adminA, "DELETE", `/api/image/multiple-delete/tools/9/${names[0]},..%2F..%2Ffieldworks.db`);
    expect(traversal.status).toBe(404);
    const res = await env.call(env.adminA, "DELETE", `/api/image/multiple-delete/tools/9/${names[0]},${names[1]}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ deleted: 2 });
    expect(onDisk("tools")).toEqual([names[2]]);
    // Past the 200 names one request takes: the declared 400 naming the field, not the router's 414.
    const many = Array.from({ length: 201 }, (_, i) => `${String(i).padStart(32, "0")}.png`).join(",");
    const tooMany = await env.call(env.adminA, "DELETE", `/api/image/multiple-delete/tools/9/${many}`);
    expect(tooMany.status, tooMany.raw).toBe(400);
    expect(tooMany.body).toMatchObject({ status: false, errors: { file_names: expect.any(String) } });
    expect(onDisk("tools")).toEqual([names[2]]);
  });

  it("a URL the router cannot take answers in the envelope (a bad escape: 400), not Fastify's own body", async () => {
    const res = await env.call(env.adminA, "DELETE", `/api/image/multiple-delete/tools/9/%E0%A4%A`);
    expect(res.status, res.raw).toBe(400);
    expect(res.body).toEqual({ status: false, key: "bad_request", message: expect.any(String) });
  });

  it("lets the uploader, or an editor of the folder's records, delete an image; others get 403", async () => {
    // The viewer holds Projects read-only: it may upload (any signed-in user may) and delete its own.
    const mine = await upload(env.viewerA, png(), "mine.png", { folder: "issue", owner_id: "0" });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data.uploaded_by).toBe(env.viewerA.id);
    expect((await env.call(env.viewerA, "DELETE", `/api/image/delete/issue/0/${mine.body.data.file_name}`)).status).toBe(200);
    // Someone else's picture of a material: the viewer may not edit materials.
    const theirs = (await upload(env.adminA, png(), "theirs.png", { folder: "material", owner_id: "3" })).body.data;
    const refused = await env.call(env.viewerA, "DELETE", `/api/image/delete/material/3/${theirs.file_name}`);
    expect(refused.status).toBe(403);
    expect(onDisk("material")).toContain(theirs.file_name);
    expect((await get(env.adminA, `/api/image/material/${theirs.file_name}`)).statusCode).toBe(200);
    // The admin may edit issues: the viewer's issue picture is the admin's to remove too.
    const viewers = (await upload(env.viewerA, png(), "by-viewer.png", { folder: "issue", owner_id: "4" })).body.data;
    expect((await env.call(env.adminA, "DELETE", `/api/image/delete/issue/4/${viewers.file_name}`)).status).toBe(200);
  });
});
