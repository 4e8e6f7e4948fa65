// A webhook delivery: an HTTP POST of a JSON body to the company's alert_webhook_url, signed with
// its secret (HMAC-SHA256 over "<timestamp>.<body>", as receivers of signed webhooks check them):
//   X-Fieldworks-Timestamp: <Unix seconds>
//   X-Fieldworks-Signature: sha256=<hex>
//   X-Fieldworks-Delivery: <delivery id>   (the same on every retry: a receiver stores it once)
// Any 2xx is accepted; anything else, a timeout or a network error is a refusal to retry.
import { createHmac } from "node:crypto";

/** A receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const signatureOf = (secret: string, timestamp: number, body: string): string => `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

export async function postWebhook(o: { url: string; secret: string; deliveryId: number; body: Record<string, unknown>; signal?: AbortSignal; now?: number }): Promise<void> {
  const text = JSON.stringify(o.body);
  const timestamp = Math.floor((o.now ?? Date.now()) / 1000);
  const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  const res = await fetch(o.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "Fieldworks-Webhook/1",
      "x-fieldworks-timestamp": String(timestamp),
      "x-fieldworks-signature": signatureOf(o.secret, timestamp, text),
      "x-fieldworks-delivery": String(o.deliveryId),
    },
    body: text,
    redirect: "manual",
    signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
  });
  // The answer's body is not read beyond what closes the connection.
  await res.body?.cancel().catch(() => undefined);
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
}
