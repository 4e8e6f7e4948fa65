// Prints the mails waiting in the outbox (no SMTP_URL, or SMTP refused them): invitations'
// set-password links and reset links live only there and in the mail, never in the log.
//   npm run outbox                       the latest 20
//   npm run outbox -- --to ani@example.com --last 5
// Uses DATABASE_URL / DB_SCHEMA / DATA_DIR like the server; reads only.
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/connection";
import { outboxText, waitingMails } from "../mail/outbox";

const { values } = parseArgs({ options: { to: { type: "string" }, last: { type: "string" } }, allowPositionals: false });
const last = values.last === undefined ? 20 : Number(values.last);
if (!Number.isInteger(last) || last < 1) {
  console.error("outbox: --last must be a whole number of mails, 1 or more");
  process.exit(1);
}
const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.pgSchema });
try {
  console.log(outboxText(await waitingMails(handle.db, { to: values.to, last })));
} catch (e) {
  console.error(`outbox: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
