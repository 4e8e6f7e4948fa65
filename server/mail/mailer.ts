// Outgoing mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise, or when sending
// fails, the mail waits in the mail_outbox table and the log says so.
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
          o.log.error({ err: e }, "mail not sent; kept in mail_outbox");
          await toOutbox(m, e instanceof Error ? e.message.slice(0, 500) : "send failed");
          return;
        }
      }
      await toOutbox(m, null);
      o.log.info({ to: m.to, subject: m.subject }, `mail kept in mail_outbox (no SMTP_URL):\n${m.text}`);
    },
  };
}
