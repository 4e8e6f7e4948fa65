// TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from TWO_FACTOR_KEY, kept
// as "v1.<iv>.<tag>.<ciphertext>" (base64url). A copy of the database alone does not give the
// secrets away; a key that changed cannot read them (openSecret throws: the person's second
// factor is reset, docs/guide.md "Two-factor sign-in"). The secret never leaves the server after set-up
// and is never logged.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const INFO = "fieldworks two-factor secret v1";
const keys = new Map<string, Buffer>();

function keyOf(passphrase: string): Buffer {
  let key = keys.get(passphrase);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", passphrase, "fieldworks", INFO, 32));
    keys.set(passphrase, key);
  }
  return key;
}

export function sealSecret(passphrase: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(passphrase), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export class SecretUnreadable extends Error {
  constructor() {
    super("a stored two-factor secret cannot be read with TWO_FACTOR_KEY (the key changed?)");
  }
}

export function openSecret(passphrase: string, sealed: string): string {
  const [v, iv, tag, body] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || body === undefined) throw new SecretUnreadable();
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(passphrase), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadable();
  }
}
