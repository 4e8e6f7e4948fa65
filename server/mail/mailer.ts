// Outgoing mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise, or when sending
// fails, the mail waits in the mail_outbox table and the log says so by its recipient and
// subject only: its text carries set-password and reset links (`npm run outbox` prints it,
// server/cli/outbox.ts).
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/connection";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(o: { db: Db; smtpUrl: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = o.smtpUrl ? nodemailer.createTransport(o.smtpUrl) : null;
  const toOutbox = (m: Mail, error: string | null) =>
    o.db.insertInto("mail_outbox").values({ to_address: m.to, subject: m.subject, body_text: m.text, created_at: new Date().toISOString(), sent_at: null, error }).execute();
  return {
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
