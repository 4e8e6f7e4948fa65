// Credentials this process has seen valid: bearer tokens that authenticated (or were just
// issued) and device keys that named their user on /osmand, by their SHA-256. The request
// limits (server/http/rate-limit.ts, server/field/osmand-routes.ts) count a request on its
// credential only when it is one of these; any other (made up, expired, revoked, or not yet
// seen here) counts on the client's IP, so a client cannot escape its IP's limit by sending a
// new random token or key with each request. Decides only which limit counts a request: the
// session and the key are still checked by every request that needs them. Bounded (entries,
// least recently seen out first); each server process keeps its own.
import { LRUCache } from "lru-cache";

/** Credentials of each kind kept at most (as many as the rate limits count keys; ~3 MB each). */
export const CREDENTIALS_KEPT = 20_000;
/** A device key is looked up again after this (it has no expiry of its own). */
const DEVICE_KEY_TTL_MS = 3600_000;

export interface KnownCredentials {
  /** Notes a credential's hash as valid until `untilMs` (epoch ms). */
  note(hash: string, untilMs: number): void;
  has(hash: string): boolean;
  forget(hash: string): void;
}

function known(defaultTtlMs: number): KnownCredentials {
  const cache = new LRUCache<string, true>({ max: CREDENTIALS_KEPT, ttl: defaultTtlMs, ttlAutopurge: false });
  return {
    note(hash, untilMs) {
      const ttl = Math.min(untilMs - Date.now(), defaultTtlMs);
      if (ttl > 0) cache.set(hash, true, { ttl });
    },
    has: (hash) => cache.get(hash) === true,
    forget: (hash) => void cache.delete(hash),
  };
}

/** Bearer tokens (hash of the token) seen valid, until their expiry (at most a day: a token issued for longer is checked again then). */
export const KNOWN_TOKENS: KnownCredentials = known(24 * 3600_000);
/** Device keys (hash of the key) that named an active user, for an hour. */
export const KNOWN_DEVICE_KEYS: KnownCredentials = known(DEVICE_KEY_TTL_MS);
