// Resets a person's second factor from the command line: the only way for the platform owner's
// (no admin is above it), and the way back in for a company whose last admin lost their phone
// and recovery codes:
//   npm run reset-two-factor -- --email owner@example.com
// The secret and recovery codes are removed and every session of the person ends; an audit
// entry (two_factor_reset) names the command line as who did it. When the settings require a
// second factor of the person (OWNER_TWO_FACTOR=required, the company's require_two_factor_admins)
// they set it up again at their next sign-in. Uses DATABASE_URL / DATA_DIR like the server; migrates first.
import { parseArgs } from "node:util";
import type { Actor } from "../access/actor";
import { USERS } from "../access/identity";
import { audit } from "../audit/log";
import { revokeUserTokens } from "../auth/tokens";
import { removeTwoFactor } from "../auth/two-factor-store";
import { loadConfig } from "../config";
import { openDatabase } from "../db/connection";
import { migrate } from "../db/migrate";

const { values } = parseArgs({ options: { email: { type: "string" } }, allowPositionals: false });
const email = (values.email ?? "").trim().toLowerCase();
if (!email) {
  console.error("reset-two-factor: --email is required");
  process.exit(1);
}

/** The audit log's "who": no user, the command line. */
const COMMAND_LINE: Actor = { userId: 0, companyId: null, roleId: null, roleName: null, roleType: null, isOwner: false, tokenHash: "", name: "reset-two-factor (command line)" };

const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.pgSchema });
let code = 0;
try {
  await migrate(handle);
  const user = await handle.db.selectFrom(USERS.table).select(["id", "name", "company_id"]).where("email", "=", email).executeTakeFirst();
  if (!user) {
    console.error(`reset-two-factor: no user with email ${email}`);
    code = 1;
  } else {
    const id = Number(user.id);
    const was = await handle.db.transaction().execute(async (trx) => {
      if (!(await removeTwoFactor(trx, id))) return false;
      await revokeUserTokens(trx, id);
      await audit(trx, COMMAND_LINE, {
        kind: "two_factor_reset",
        resource: "human-resource",
        recordId: id,
        label: String(user.name ?? ""),
        before: { two_factor: true },
        after: { two_factor: false },
        companyId: user.company_id === null ? null : Number(user.company_id),
      });
      return true;
    });
    console.log(
      was
        ? `Two-factor sign-in of ${email} reset: their sessions ended; they sign in with their password (and set it up again where it is required).`
        : `${email} had no two-factor sign-in: nothing changed.`,
    );
  }
} finally {
  await handle.close();
}
process.exit(code);
