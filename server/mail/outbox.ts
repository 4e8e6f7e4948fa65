// The mails waiting in the outbox (mail_outbox: kept when there is no SMTP_URL or sending
// failed), as `npm run outbox` prints them (server/cli/outbox.ts). Their text carries
// set-password and reset links: it is printed to whoever runs the command, never logged.
import type { Db } from "../db/connection";

export interface WaitingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  /** Why SMTP refused it; null when there was no SMTP_URL. */
  error: string | null;
}

/** The latest `last` waiting mails (to one address when `to` is given), oldest first. */
export async function waitingMails(db: Db, o: { to?: string; last: number }): Promise<WaitingMail[]> {
  let q = db.selectFrom("mail_outbox").select(["id", "to_address", "subject", "body_text", "created_at", "error"]).where("sent_at", "is", null);
  if (o.to) q = q.where("to_address", "=", o.to.trim().toLowerCase());
  const rows = await q.orderBy("id", "desc").limit(Math.max(1, o.last)).execute();
  return rows.reverse().map((r) => ({
    id: Number(r.id),
    to: String(r.to_address),
    subject: String(r.subject),
    text: String(r.body_text ?? ""),
    createdAt: String(r.created_at),
    error: (r.error as string | null) ?? null,
  }));
}

/** The mails as text for a terminal. */
export function outboxText(mails: readonly WaitingMail[]): string {
  if (!mails.length) return "No mail waits in the outbox.";
  return mails
    .map((m) => [`#${m.id}  ${m.createdAt}  to ${m.to}${m.error ? `  (SMTP refused it: ${m.error})` : ""}`, `Subject: ${m.subject}`, "", m.text].join("\n"))
    .join(`\n\n${"-".repeat(72)}\n\n`);
}
