// Password hashing with scrypt at N=2^17, r=8, p=1 (OWASP ASVS 11.4.2), stored self-describing
// in PHC style: $scrypt$ln=17,r=8,p=1$<salt b64>$<hash b64>, so parameters can rise later and
// old hashes still verify. About 0.6 s per hash here, off the event loop (libuv pool).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

const LN = 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;
const SALT_LEN = 16;
/** 128·N·r bytes = 128 MiB at these parameters; Node's default cap is 32 MiB. */
const MAXMEM = 256 * 1024 * 1024;

const scrypt = (pw: string, salt: Buffer, len: number, o: ScryptOptions) =>
  new Promise<Buffer>((res, rej) => scryptCb(pw.normalize("NFKC"), salt, len, o, (e, k) => (e ? rej(e) : res(k))));

const b64 = (b: Buffer) => b.toString("base64").replace(/=+$/, "");

export function hashPassword(plain: string): Promise<string> {
  return hashPasswordAt(plain, LN);
}

/** The lowest cost (log2 N) a stored hash may have. */
export const MIN_LN = 10;

/**
 * A hash at another cost (log2 N, MIN_LN to 22): the server makes every hash at LN; test data may
 * be stored at MIN_LN, which verifies in about a millisecond instead of 0.6 s.
 */
export async function hashPasswordAt(plain: string, ln: number): Promise<string> {
  const salt = randomBytes(SALT_LEN);
  const key = await scrypt(plain, salt, KEY_LEN, { N: 2 ** ln, r: R, p: P, maxmem: MAXMEM });
  return `$scrypt$ln=${ln},r=${R},p=${P}$${b64(salt)}$${b64(key)}`;
}

const FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function parseHash(stored: string): { ln: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (ln < MIN_LN || ln > 22 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { ln, r, p, salt: Buffer.from(m[4], "base64"), key: Buffer.from(m[5], "base64") };
}

export async function verifyPassword(plain: string, stored: string | null | undefined): Promise<boolean> {
  const h = parseHash(stored ?? "") ?? parseHash(DUMMY_HASH)!;
  const key = await scrypt(plain, h.salt, h.key.length, { N: 2 ** h.ln, r: h.r, p: h.p, maxmem: Math.max(MAXMEM, 256 * h.r * 2 ** h.ln) });
  return !!stored && stored !== DUMMY_HASH && key.length === h.key.length && timingSafeEqual(key, h.key);
}

/**
 * Verified against when the email is unknown (or has no password), so a wrong email costs the
 * same time as a wrong password. It matches no password (verifyPassword refuses it).
 */
export const DUMMY_HASH = "$scrypt$ln=17,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
