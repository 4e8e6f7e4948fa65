// Invitations: a person the admin adds without a password gets a mail with a set-password link,
// the reset-password flow's own (a `password_reset` row, the link `#/reset-password?token=`, the
// password set by POST /api/reset-password), valid for INVITE_TTL_MS instead of an hour. The row
// is written in the caller's transaction; the mail goes once that transaction has committed
// (sendInvites), so no mail names a person who was not stored.
import { newToken, sha256 } from "../auth/tokens";
import type { Db } from "../db/connection";
import type { Lang } from "../i18n/messages";
import type { Services } from "../services";

/** How long an invitation's link works: a week (a reset link: an hour). */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

export interface Invite {
  to: string;
  name: string;
  token: string;
}

/** A new link for the person (earlier unused links of theirs stop working). */
export async function prepareInvite(db: Db, person: { id: number; name: string; email: string }, now = Date.now()): Promise<Invite> {
  const token = newToken();
  await db
    .updateTable("password_reset")
    .set({ used_at: new Date(now).toISOString() })
    .where("user_id", "=", person.id)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("password_reset")
    .values({ token_hash: sha256(token), user_id: person.id, created_at: new Date(now).toISOString(), expires_at: new Date(now + INVITE_TTL_MS).toISOString(), used_at: null })
    .execute();
  return { to: person.email, name: person.name, token };
}

function inviteMail(lang: Lang, invite: Invite, company: string, link: string) {
  return lang === "id"
    ? {
        subject: `Undangan ke Fieldworks dari ${company}`,
        text: `Halo ${invite.name},\n\n${company} mengundang Anda ke Fieldworks. Buka tautan ini dalam 7 hari untuk memilih kata sandi Anda:\n${link}\n\nLalu masuk dengan email ini: ${invite.to}`,
      }
    : {
        subject: `${company} invites you to Fieldworks`,
        text: `Hello ${invite.name},\n\n${company} invites you to Fieldworks. Open this link within 7 days to choose your password:\n${link}\n\nThen sign in with this email: ${invite.to}`,
      };
}

/** Sends the prepared invitations (after their transaction committed). */
export async function sendInvites(services: Services, lang: Lang, company: string, invites: readonly Invite[]): Promise<void> {
  for (const invite of invites) {
    const link = `${services.config.appUrl}/#/reset-password?token=${invite.token}&invite=1`;
    await services.mailer.send({ to: invite.to, ...inviteMail(lang, invite, company, link) });
  }
}
