// Creates the platform owner of a production database (role_type owner, no company):
//   npm run create-admin -- --email you@example.com --name "You" --password '...'
// or ADMIN_EMAIL / ADMIN_NAME / ADMIN_PASSWORD in the environment (keeps the password out of
// the shell history). Uses DATABASE_URL / DATA_DIR like the server; migrates first.
import { parseArgs } from "node:util";
import { USERS } from "../access/identity";
import { hashPassword } from "../auth/password";
import { loadConfig } from "../config";
import { openDatabase } from "../db/connection";
import { migrate } from "../db/migrate";
import { createOwner, seedBase } from "../seed/base";
import { checkValue, MIN_PASSWORD } from "../validation/fields";

const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
  allowPositionals: false,
});
const email = (values.email ?? process.env.ADMIN_EMAIL ?? "").trim().toLowerCase();
const name = (values.name ?? process.env.ADMIN_NAME ?? "").trim();
const password = values.password ?? process.env.ADMIN_PASSWORD ?? "";

const fail = (msg: string): never => {
  console.error(`create-admin: ${msg}`);
  process.exit(1);
};
const emailField = USERS.resource.fields.find((f) => f.name === "email")!;
if (!email || !checkValue(emailField, email).ok) fail("--email (or ADMIN_EMAIL) must be an email address");
if (!name) fail("--name (or ADMIN_NAME) is required");
if (password.length < MIN_PASSWORD) fail(`--password (or ADMIN_PASSWORD) needs at least ${MIN_PASSWORD} characters`);

const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.pgSchema });
try {
  await migrate(handle);
  await seedBase(handle.db);
  const exists = await handle.db.selectFrom(USERS.table).select("id").where("email", "=", email).executeTakeFirst();
  if (exists) fail(`a user with email ${email} exists already`);
  const id = await createOwner(handle.db, { email, name, passwordHash: await hashPassword(password) });
  console.log(`Platform owner ${email} created (user id ${id}). Sign in at ${config.appUrl}/#/login`);
} finally {
  await handle.close();
}
