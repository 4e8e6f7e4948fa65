// A webhook delivery: an HTTP POST of a JSON body to the company's alert_webhook_url, signed with
// its secret (HMAC-SHA256 over "<timestamp>.<body>", as receivers of signed webhooks check them):
//   X-Fieldworks-Timestamp: <Unix seconds>
//   X-Fieldworks-Signature: sha256=<hex>
//   X-Fieldworks-Delivery: <delivery id>   (the same on every retry: a receiver stores it once)
// Any 2xx is accepted; anything else, a timeout or a network error is a refusal to retry. Only
// public hosts are posted to (server/http/outbound-address.ts): a local or private address, a
// name resolving to one (checked when connecting) or a redirect is refused for good
// (OutboundRefused: no retry mends it).
import { createHmac } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { assertOutbound, isAllowedHost, OutboundRefused, publicLookup } from "../http/outbound-address";

/** A receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const signatureOf = (secret: string, timestamp: number, body: string): string => `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

const checkedLookup = publicLookup();

export async function postWebhook(o: { url: string; secret: string; deliveryId: number; body: Record<string, unknown>; signal?: AbortSignal; now?: number }): Promise<void> {
  assertOutbound(o.url);
  const url = new URL(o.url);
  const text = JSON.stringify(o.body);
  const timestamp = Math.floor((o.now ?? Date.now()) / 1000);
  const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
        "user-agent": "Fieldworks-Webhook/1",
        "x-fieldworks-timestamp": String(timestamp),
        "x-fieldworks-signature": signatureOf(o.secret, timestamp, text),
        "x-fieldworks-delivery": String(o.deliveryId),
      },
      // A host WEBHOOK_ALLOW_HOSTS names is resolved as any other; the rest only to public addresses.
      ...(isAllowedHost(url) ? {} : { lookup: checkedLookup }),
      // A connection of its own (no pool): each delivery resolves and checks its host again.
      agent: false,
      signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end(text);
  });
  // The answer's body is not read beyond what closes the connection.
  res.resume();
  res.on("error", () => undefined);
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400)
    throw new OutboundRefused(`HTTP ${status}: the receiver redirects (to ${String(res.headers.location ?? "nowhere")}); redirects are not followed`);
  if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
}
