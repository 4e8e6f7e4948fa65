// Alert deliveries outside the app (issue 29): e-mail (SMTP through nodemailer) and signed
// webhooks, from a queue table (alert_delivery, migration 032) that every server process works:
// - enqueued with the alert, in its transaction (createAlert, server/events/alerts.ts): one row per
//   alert, recipient and channel, with the facts the message is made of (delivery-content.ts);
// - claimed by a conditional update (due and pending, or sending with its lease run out: the
//   process that held it died), so two processes never send one attempt twice at once, and a
//   process killed mid-delivery (kill -9) leaves the row to be taken again after DELIVERY_LEASE_MS;
// - sent outside any request; accepted → sent; refused → tried again after DELIVERY_RETRY_MS,
//   doubling, at most RETRY_MAX_MS apart, MAX_ATTEMPTS in all, then failed for good;
// - each attempt of an alarm's delivery is a step of its trail (sent / retried / failed, with the
//   channel, the attempt and the reason: server/events/panic-trail.ts).
// The process that enqueues starts the work at once; the others look every DELIVERY_POLL_MS.
import { settledWithin } from "../wait";
import type { FastifyBaseLogger } from "fastify";
import { USERS, COMPANIES } from "../access/identity";
import type { Db } from "../db/connection";
import type { Mailer } from "../mail/mailer";
import type { ServerConfig } from "../config";
import { mailOf, webhookBodyOf, type DeliveryFacts, type DeliveryTarget } from "./delivery-content";
import { postWebhook } from "./delivery-webhook";
import { OutboundRefused } from "../http/outbound-address";
import { addTrail } from "./panic-trail";

export const DELIVERIES = "alert_delivery";
export type DeliveryChannel = "email" | "webhook";
export const DELIVERY_CHANNELS: readonly DeliveryChannel[] = ["email", "webhook"];

/** Attempts of one delivery before it fails for good. */
export const MAX_ATTEMPTS = 8;
/** Longest wait between two attempts. */
export const RETRY_MAX_MS = 5 * 60_000;
/** Deliveries one process sends at once. */
export const BATCH = 16;

/** The wait before attempt `attempts + 1`. */
export const retryDelay = (baseMs: number, attempts: number): number => Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));

export interface NewDelivery {
  userId: number;
  channel: DeliveryChannel;
}

/** Adds an alert's deliveries (in the alert's transaction); a second of one alert, person and channel is not stored. */
export async function enqueueDeliveries(
  db: Db,
  o: { companyId: number; alertId: number; panicId: number | null; facts: DeliveryFacts; deliveries: readonly NewDelivery[]; now?: number },
): Promise<number> {
  const now = o.now ?? Date.now();
  const seen = new Set<string>();
  const rows = o.deliveries
    .filter((d) => {
      const k = `${d.userId}:${d.channel}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .map((d) => ({
      company_id: o.companyId,
      alert_id: o.alertId,
      panic_id: o.panicId,
      user_id: d.userId,
      channel: d.channel,
      payload: JSON.stringify(o.facts),
      status: "pending",
      attempts: 0,
      next_at: now,
      lease_until: null,
      last_error: null,
      created_at: new Date(now).toISOString(),
      sent_at: null,
    }));
  if (!rows.length) return 0;
  await db
    .insertInto(DELIVERIES)
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return rows.length;
}

interface Claimed {
  id: number;
  company_id: number;
  alert_id: number;
  panic_id: number | null;
  user_id: number;
  channel: DeliveryChannel;
  payload: string;
  attempts: number;
  lease_until: number;
}

/** Thrown for what no retry can mend (no address, no webhook set): failed at once, as an OutboundRefused (an internal webhook address, a redirect). */
class Final extends Error {}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ").slice(0, 300);

/** The queue's worker in one server process. */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Pick<ServerConfig, "appUrl" | "deliveryPollMs" | "deliveryRetryMs" | "deliveryLeaseMs">,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.config.deliveryPollMs > 0) {
      this.timer = setInterval(() => this.kick(), this.config.deliveryPollMs);
      this.timer.unref();
    }
    this.kick();
  }

  /** Works the due deliveries now (again after the current round when one is running). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch((err: unknown) => this.log.error({ err }, "alert deliveries: a round failed"))
      .finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops taking work; sends under way are aborted (webhooks) or awaited a moment (mail): their rows are taken again after the lease. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.abort.abort();
    if (this.running) await settledWithin(this.running, 2_000);
  }

  /** Claims and sends the due deliveries, BATCH at a time, until none is due. */
  async round(now = () => Date.now()): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const t = now();
      const due = await this.db
        .selectFrom(DELIVERIES)
        .select(["id"])
        .where((eb) => eb.or([eb.and([eb("status", "=", "pending"), eb("next_at", "<=", t)]), eb.and([eb("status", "=", "sending"), eb("lease_until", "<", t)])]))
        .orderBy("next_at")
        .limit(BATCH)
        .execute();
      if (!due.length) return;
      const claimed = (await Promise.all(due.map((d) => this.claim(Number(d.id), now())))).filter((c): c is Claimed => c !== null);
      await Promise.all(claimed.map((c) => this.attempt(c)));
      if (due.length < BATCH) return;
    }
  }

  private async claim(id: number, t: number): Promise<Claimed | null> {
    const lease = t + this.config.deliveryLeaseMs;
    const res = await this.db
      .updateTable(DELIVERIES)
      .set((eb) => ({ status: "sending", lease_until: lease, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where((eb) => eb.or([eb.and([eb("status", "=", "pending"), eb("next_at", "<=", t)]), eb.and([eb("status", "=", "sending"), eb("lease_until", "<", t)])]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows ?? 0) !== 1) return null;
    const row = await this.db.selectFrom(DELIVERIES).selectAll().where("id", "=", id).executeTakeFirst();
    if (!row || Number(row.lease_until) !== lease) return null;
    return {
      id,
      company_id: Number(row.company_id),
      alert_id: Number(row.alert_id),
      panic_id: row.panic_id === null ? null : Number(row.panic_id),
      user_id: Number(row.user_id),
      channel: row.channel as DeliveryChannel,
      payload: String(row.payload),
      attempts: Number(row.attempts),
      lease_until: lease,
    };
  }

  private async attempt(c: Claimed): Promise<void> {
    let error: unknown = null;
    try {
      await this.send(c);
    } catch (err) {
      error = err;
    }
    const t = Date.now();
    const at = new Date(t).toISOString();
    // Our lease still holds: another process took nothing over (else it records its own attempt).
    const mine = (set: Record<string, unknown>) =>
      this.db.updateTable(DELIVERIES).set(set).where("id", "=", c.id).where("status", "=", "sending").where("lease_until", "=", c.lease_until).execute();
    let kind: "sent" | "retried" | "failed";
    let nextAt: number | null = null;
    if (error === null) {
      kind = "sent";
      await mine({ status: "sent", sent_at: at, lease_until: null, last_error: null });
    } else if (error instanceof Final || error instanceof OutboundRefused || c.attempts >= MAX_ATTEMPTS) {
      kind = "failed";
      await mine({ status: "failed", lease_until: null, last_error: reasonOf(error) });
    } else {
      kind = "retried";
      nextAt = t + retryDelay(this.config.deliveryRetryMs, c.attempts);
      await mine({ status: "pending", next_at: nextAt, lease_until: null, last_error: reasonOf(error) });
    }
    if (error !== null) this.log.warn({ delivery: c.id, channel: c.channel, attempt: c.attempts, reason: reasonOf(error) }, `alert delivery ${kind}`);
    if (c.panic_id !== null)
      await addTrail(this.db, {
        companyId: c.company_id,
        panicId: c.panic_id,
        kind,
        actorId: c.user_id,
        at,
        note: error === null ? null : reasonOf(error),
        channel: c.channel,
        attempt: c.attempts,
        nextAttemptAt: nextAt === null ? null : new Date(nextAt).toISOString(),
      });
    if (nextAt !== null && this.config.deliveryPollMs === 0) setTimeout(() => this.kick(), nextAt - t).unref();
  }

  private async send(c: Claimed): Promise<void> {
    const facts = JSON.parse(c.payload) as DeliveryFacts;
    const person = await this.db.selectFrom(USERS.table).select(["id", "name", "email", "phone", "is_active"]).where("id", "=", c.user_id).executeTakeFirst();
    if (!person) throw new Final("the person no longer exists");
    if (person.is_active !== null && Number(person.is_active) === 0) throw new Final("the person is disabled");
    const target: DeliveryTarget = {
      deliveryId: c.id,
      alertId: c.alert_id,
      panicId: c.panic_id,
      attempt: c.attempts,
      recipient: { id: c.user_id, name: String(person.name ?? ""), email: (person.email as string | null) ?? null, phone: (person.phone as string | null) ?? null },
      appUrl: this.config.appUrl,
    };
    if (c.channel === "email") {
      if (!target.recipient.email) throw new Final("no e-mail address");
      const mail = { to: target.recipient.email, ...mailOf(facts, target) };
      if (!this.mailer.configured) {
        // As every other mail without SMTP: kept in the outbox (npm run outbox).
        await this.mailer.send(mail);
        throw new Final("no SMTP server (SMTP_URL is not set): the mail waits in the outbox");
      }
      await this.mailer.deliver(mail);
      return;
    }
    const company = await this.db.selectFrom(COMPANIES.table).select(["alert_webhook_url", "alert_webhook_secret"]).where("id", "=", c.company_id).executeTakeFirst();
    const url = (company?.alert_webhook_url as string | null) ?? null;
    const secret = (company?.alert_webhook_secret as string | null) ?? null;
    if (!url || !secret) throw new Final("no webhook address set (the company's alert channels)");
    await postWebhook({ url, secret, deliveryId: c.id, body: webhookBodyOf(facts, target), signal: this.abort.signal });
  }
}

const WORKERS = new WeakMap<Db, DeliveryWorker>();

/** The worker of this process's database, when started (registerDeliveries). */
export const deliveryWorkerOf = (db: Db): DeliveryWorker | undefined => WORKERS.get(db);

export function startDeliveries(db: Db, mailer: Mailer, config: ServerConfig, log: FastifyBaseLogger): DeliveryWorker {
  const worker = new DeliveryWorker(db, mailer, config, log);
  WORKERS.set(db, worker);
  worker.start();
  return worker;
}

export async function stopDeliveries(db: Db): Promise<void> {
  const w = WORKERS.get(db);
  WORKERS.delete(db);
  await w?.close();
}
