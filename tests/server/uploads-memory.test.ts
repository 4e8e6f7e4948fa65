// Memory of uploads (issue 28 item 5; server/README.md "Uploads"): files are streamed to
// temporary files, never held, and a file part an operation does not take is refused as it
// arrives. So 8 oversized uploads at once, over real HTTP, grow this process (server and the
// client sending them) by less than UPLOAD_BOUND_MB: before, a clock-in carrying 19 extra file
// parts was read whole into memory (8 at once took a server from 509 MB to 1,809 MB).
// Measured as the growth of the process's peak RSS (Linux VmHWM, reset before each round).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
const UPLOAD_FIELDS = 50,
  UPLOAD_FIELD_BYTES = 32768;
import { JAKARTA, setupField, storedCounts, type FieldEnv } from "./field-fixture";
import { png } from "./files-multipart";

/** Per-file limit of this server (UPLOAD_MAX_MB). */
const UPLOAD_MAX_MB = 4;
const AT_ONCE = 8;
const MiB = 1024 * 1024;
/**
 * The stated bound for 8 uploads in flight: per upload its text fields (UPLOAD_FIELDS ×
 * UPLOAD_FIELD_BYTES) and 1 MiB of parser and socket buffers; plus 64 MiB for what the garbage
 * collector has not taken back yet (socket reads are freed by it, not at once). Whatever the
 * files' sizes: one upload's files (here up to 76 MiB each) never count.
 */
const UPLOAD_BOUND_MB = (AT_ONCE * (UPLOAD_FIELDS * UPLOAD_FIELD_BYTES + MiB)) / MiB + 64;

const canMeasure = existsSync("/proc/self/clear_refs") && existsSync("/proc/self/status");
const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);

let f: FieldEnv;
let base: { host: string; port: number };
beforeAll(async () => {
  f = await setupField({ uploadMaxMb: UPLOAD_MAX_MB });
  await f.env.app.listen({ port: 0, host: "127.0.0.1" });
  const a = f.env.app.server.address() as AddressInfo;
  base = { host: a.address, port: a.port };
}, 60_000);
afterAll(async () => {
  await f?.close();
});

/** One part's head, and what ends the body. */
const BOUNDARY = "----fwmemory";
const partHead = (name: string, filename?: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ""}\r\n\r\n`);
const CRLF = Buffer.from("\r\n");
const END = Buffer.from(`--${BOUNDARY}--\r\n`);

/** The same 64 KiB over and over: the client allocates nothing per chunk. */
const CHUNK = Buffer.alloc(64 * 1024, 0x5a);

type Piece = Buffer | { repeat: number };
/** A body made as it is read: buffers as they are, `{ repeat: n }` as n bytes of CHUNK. */
function body(pieces: Piece[]): Readable {
  let i = 0;
  let left = 0;
  return new Readable({
    read() {
      for (;;) {
        if (left > 0) {
          const n = Math.min(left, CHUNK.length);
          left -= n;
          if (!this.push(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return;
          continue;
        }
        if (i >= pieces.length) {
          this.push(null);
          return;
        }
        const p = pieces[i++];
        if (Buffer.isBuffer(p)) {
          if (!this.push(p)) return;
        } else left = p.repeat;
      }
    },
  });
}

/** Sends a body; resolves with the answer's status, or "reset" when the server closed the connection on a refused body. */
function send(path: string, token: string, pieces: Piece[]): Promise<number | "reset"> {
  return new Promise((resolve) => {
    let status: number | null = null;
    const req = request({ ...base, method: "POST", path, headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}` } }, (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on("end", () => resolve(status!));
      res.on("error", () => resolve(status!));
    });
    req.on("error", () => resolve(status ?? "reset"));
    body(pieces).pipe(req);
  });
}

/** Runs `round` and answers the growth of the peak RSS over its start, in MiB. */
async function peakGrowth(round: () => Promise<unknown>): Promise<number> {
  writeFileSync("/proc/self/clear_refs", "5");
  const start = kb("VmRSS");
  await round();
  return (kb("VmHWM") - start) / 1024;
}

const field = (name: string, value: string | number): Piece[] => [partHead(name), Buffer.from(String(value)), CRLF];
const nearLimit = UPLOAD_MAX_MB * MiB - 64 * 1024;
const tmpFiles = () => {
  const dir = join(f.env.app.services.config.dataDir, "tmp", "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe.skipIf(!canMeasure)(`${AT_ONCE} oversized uploads at once stay within ${UPLOAD_BOUND_MB.toFixed(0)} MiB`, () => {
  // Refused (400) as the second file arrives; past one file's worth the server stops reading and
  // closes the connection after its answer, so a client still writing may see the close before
  // the 400 (which of the two it sees races in the kernel: on Node 24 mostly the close). The 400
  // itself, whole, with an endless body: tests/server/uploads.test.ts.
  it(`clock-ins with a selfie and 19 more file parts of ${UPLOAD_MAX_MB} MB each: refused, none stored, memory bounded`, async () => {
    const before = await storedCounts(f.env);
    const clockIn = (): Piece[] => [
      ...field("lon", JAKARTA[0]),
      ...field("lat", JAKARTA[1]),
      ...field("accuracy", 8),
      ...field("project_id", f.jakarta),
      partHead("selfie", "me.png"),
      png(),
      CRLF,
      ...Array.from({ length: 19 }, (_, i): Piece[] => [partHead("selfie", `more${i}.png`), { repeat: nearLimit }, CRLF]).flat(),
      END,
    ];
    let statuses: Array<number | "reset"> = [];
    const growth = await peakGrowth(async () => {
      statuses = await Promise.all(Array.from({ length: AT_ONCE }, () => send("/api/presence/clock-in", f.worker.token, clockIn())));
    });
    console.info(
      `${AT_ONCE} clock-ins with 19 extra ${UPLOAD_MAX_MB} MB parts: peak RSS +${growth.toFixed(1)} MiB (bound ${UPLOAD_BOUND_MB.toFixed(0)} MiB), answers ${statuses.join(", ")}`,
    );
    expect(statuses.every((s) => s === 400 || s === "reset")).toBe(true);
    expect(growth).toBeLessThan(UPLOAD_BOUND_MB);
    expect(await storedCounts(f.env)).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  }, 120_000);

  it(`images of ${5 * UPLOAD_MAX_MB} MB (5 times the limit): 413 as the limit passes`, async () => {
    const image = (): Piece[] => [...field("folder", "profile"), ...field("owner_id", 1), partHead("file", "big.png"), png(), { repeat: 5 * UPLOAD_MAX_MB * MiB }, CRLF, END];
    let statuses: Array<number | "reset"> = [];
    const growth = await peakGrowth(async () => {
      statuses = await Promise.all(Array.from({ length: AT_ONCE }, () => send("/api/image/upload", f.env.adminA.token, image())));
    });
    console.info(`${AT_ONCE} images of ${5 * UPLOAD_MAX_MB} MB: peak RSS +${growth.toFixed(1)} MiB, answers ${statuses.join(", ")}`);
    expect(statuses.every((s) => s === 413 || s === "reset")).toBe(true);
    expect(statuses).toContain(413);
    expect(growth).toBeLessThan(UPLOAD_BOUND_MB);
    expect(tmpFiles()).toEqual([]);
  }, 120_000);

  it(`multiple uploads of 10 files of ${UPLOAD_MAX_MB} MB each (taken, then refused as no images): on disk, not in memory`, async () => {
    const many = (): Piece[] => [
      ...field("folder", "profile"),
      ...field("owner_id", 1),
      ...Array.from({ length: 10 }, (_, i): Piece[] => [partHead("file", `f${i}.png`), { repeat: nearLimit }, CRLF]).flat(),
      END,
    ];
    let statuses: Array<number | "reset"> = [];
    const growth = await peakGrowth(async () => {
      statuses = await Promise.all(Array.from({ length: AT_ONCE }, () => send("/api/image/multiple-upload", f.env.adminA.token, many())));
    });
    console.info(`${AT_ONCE} multiple uploads of 10 × ${UPLOAD_MAX_MB} MB: peak RSS +${growth.toFixed(1)} MiB, answers ${statuses.join(", ")}`);
    expect(statuses).toEqual(Array(AT_ONCE).fill(415));
    expect(growth).toBeLessThan(UPLOAD_BOUND_MB);
    expect(tmpFiles()).toEqual([]);
  }, 120_000);
});
