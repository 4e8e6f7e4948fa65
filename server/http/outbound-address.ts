// Addresses this server sends requests to on a company's behalf (a webhook: FieldDecl.outbound)
// reach public hosts only, so a company admin cannot make the server call its own network
// (server-side request forgery): the database, a cloud's metadata service, an intranet.
// - When saved (server/validation/fields.ts): http or https; no user name or password; the host
//   not `localhost` (or a name below it) and not a literal address outside the public unicast
//   range (loopback, private, link-local, unique-local, unspecified, multicast, reserved…).
// - When sent (server/events/delivery-webhook.ts): the same check, then the host name is resolved
//   at connect time and every address it resolves to must be public (a name pointing at a private
//   address, or one re-pointed after it was saved: DNS rebinding); redirects are never followed.
// The one exception: WEBHOOK_ALLOW_HOSTS (ServerConfig.webhookAllowHosts), hosts named by whoever
// runs the server (a self-hosted SMS gateway on the intranet; the test suites' local receivers):
// `host` (any port) or `host:port`, compared with the address's host and port.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** Why an address is refused, in words for the delivery trail and the log. */
export class OutboundRefused extends Error {}

/** The field error a refused address gets (server/i18n/messages.ts). */
export type OutboundProblem = "bad_url" | "url_credentials" | "url_internal";

let allowed: ReadonlySet<string> = new Set();

/** The hosts exempt from the check (WEBHOOK_ALLOW_HOSTS), set by buildApp from its config. */
export function allowOutboundHosts(hosts: readonly string[]): void {
  allowed = new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** The host as written in a URL, without IPv6 brackets or a trailing dot, lower case. */
const bareHost = (u: URL): string =>
  u.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();

const portOf = (u: URL): string => u.port || (u.protocol === "https:" ? "443" : "80");

/** Named in WEBHOOK_ALLOW_HOSTS: by host (any port) or host:port (IPv6 as [::1]:port). */
export function isAllowedHost(u: URL): boolean {
  if (!allowed.size) return false;
  const host = bareHost(u);
  const shown = host.includes(":") ? `[${host}]` : host;
  return allowed.has(host) || allowed.has(shown) || allowed.has(`${shown}:${portOf(u)}`);
}

/** A public unicast address (ipaddr.js ranges): anything else is internal. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "unicast";
}

const isLocalName = (host: string): boolean => host === "localhost" || host.endsWith(".localhost");

/** Why `url` may not be saved or sent (null: it may), without resolving its host. */
export function outboundProblem(url: string): OutboundProblem | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "bad_url";
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return "bad_url";
  if (u.username || u.password) return "url_credentials";
  if (isAllowedHost(u)) return null;
  const host = bareHost(u);
  if (!host) return "bad_url";
  if (isLocalName(host)) return "url_internal";
  // WHATWG URL parsing already turns 0x7f.1, 2130706433 and 127.1 into 127.0.0.1.
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return "url_internal";
  return null;
}

/** The check before a send: throws OutboundRefused with the reason. */
export function assertOutbound(url: string): void {
  const problem = outboundProblem(url);
  if (problem === "url_internal") throw new OutboundRefused(`${new URL(url).host} is a local or private address: not sent (WEBHOOK_ALLOW_HOSTS names the internal hosts allowed)`);
  if (problem === "url_credentials") throw new OutboundRefused("the address holds a user name or password: not sent");
  if (problem) throw new OutboundRefused("not an http or https address: not sent");
}

type Resolve = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for http.request / net.connect that refuses a host resolving to any internal address
 * (checked at connect time: what is checked is what is connected to). `resolve`: dns.lookup.
 */
export function publicLookup(resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const inner = addresses.find((a) => !isPublicAddress(a.address));
      if (inner)
        return callback(
          new OutboundRefused(`${hostname} resolves to ${inner.address}, a local or private address: not sent (WEBHOOK_ALLOW_HOSTS names the internal hosts allowed)`),
          "",
        );
      if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
