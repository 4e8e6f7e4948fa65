// Time-based one-time codes (RFC 6238) as every authenticator app makes them: SHA-1, 6 digits,
// 30-second steps, 160-bit secrets in base32 (the `otpauth` library). A code is accepted one step
// early or late (clocks drift); checkCode answers the step it belongs to, so a caller can refuse
// a code whose step was used already. And recovery codes: 10 random characters, stored hashed.
import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

export const ISSUER = "Fieldworks";
export const CODE_DIGITS = 6;
export const STEP_SECONDS = 30;
/** Steps before and after the current one a code may belong to. */
export const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, account = "") =>
  new TOTP({ issuer: ISSUER, label: account, algorithm: "SHA1", digits: CODE_DIGITS, period: STEP_SECONDS, secret: Secret.fromBase32(secret) });

/** A new secret, base32 (32 characters). */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, account: string): string => totpOf(secret, account).toString();

/** Six digits, spaces allowed between them ("123 456" as some apps show it). */
export const CODE_FORMAT = /^\d{6}$/;
export const normalCode = (code: string): string => code.replace(/\s+/g, "");

/** The time step of `now` (ms). */
export const stepAt = (now: number): number => Math.floor(now / 1000 / STEP_SECONDS);

/** The step the code belongs to (within WINDOW of now), or null when it is not a code of this secret now. */
export function checkCode(secret: string, code: string, now = Date.now()): number | null {
  const token = normalCode(code);
  if (!CODE_FORMAT.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code of a step (tests and the browser suite compute codes as an app would). */
export const codeAt = (secret: string, now = Date.now()): string => totpOf(secret).generate({ timestamp: now });

// ---- recovery codes -------------------------------------------------------------------------

/** No 0/o, 1/l/i: a code is read off paper. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const RECOVERY_CHARS = 10;

/** "k7mq3-x9cvd": 10 characters (~49 bits), shown in two groups of five. */
export function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < RECOVERY_CHARS; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** As typed: case, spaces and dashes do not matter. Null when it cannot be a recovery code. */
export function normalRecoveryCode(input: string): string | null {
  const s = input.toLowerCase().replace(/[\s-]+/g, "");
  return s.length === RECOVERY_CHARS && [...s].every((c) => ALPHABET.includes(c)) ? s : null;
}

/** What is stored of a recovery code (random enough that a plain SHA-256 suffices). */
export const recoveryCodeHash = (normal: string): string => createHash("sha256").update(`recovery:${normal}`).digest("hex");
