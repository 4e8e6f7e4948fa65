// Outgoing mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise, or when sending
// fails, the mail waits in the mail_outbox table and the log says so by its recipient and
// subject only: its text carries set-password and reset links (`npm run outbox` prints it,
// server/cli/outbox.ts). Alert deliveries (server/events/delivery.ts) use `deliver`, which
// answers whether the SMTP server accepted the mail (they retry on their own queue).
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/connection";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends, else keeps the mail in the outbox (never throws for SMTP). */
  send(mail: Mail): Promise<void>;
  /** Whether SMTP_URL is set (else `deliver` refuses). */
  readonly configured: boolean;
  /** Sends through SMTP now; throws when there is no SMTP_URL or the server refuses it (nothing kept). */
  deliver(mail: Mail): Promise<void>;
}

/** An alert delivery waits at most this long for the SMTP server (its queue lease is longer). */
export const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(o: { db: Db; smtpUrl: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = o.smtpUrl ? nodemailer.createTransport(o.smtpUrl) : null;
  const prompt = o.smtpUrl
    ? nodemailer.createTransport({ url: o.smtpUrl, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS } as Parameters<
        typeof nodemailer.createTransport
      >[0])
    : null;
  const toOutbox = (m: Mail, error: string | null) =>
    o.db.insertInto("mail_outbox").values({ to_address: m.to, subject: m.subject, body_text: m.text, created_at: new Date().toISOString(), sent_at: null, error }).execute();
  return {
    configured: transport !== null,
    async deliver(m) {
      if (!prompt) throw new Error("no SMTP server (SMTP_URL is not set)");
      await prompt.sendMail({ from: o.from, to: m.to, subject: m.subject, text: m.text });
    },
    async send(m) {
      if (transport) {
        try {
          await transport.sendMail({ from: o.from, to: m.to, subject: m.subject, text: m.text });
          return;
        } catch (e) {
          o.log.error({ err: e, to: m.to, subject: m.subject }, "mail not sent: it waits in the outbox (npm run outbox)");
          await toOutbox(m, e instanceof Error ? e.message.slice(0, 500) : "send failed");
          return;
        }
      }
      await toOutbox(m, null);
      o.log.info({ to: m.to, subject: m.subject }, "a mail waits in the outbox (no SMTP_URL; npm run outbox prints it)");
    },
  };
}
