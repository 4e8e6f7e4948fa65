// What the app hands to routes and custom operations: the database, settings, mail, files.
import type { ServerConfig } from "./config";
import type { DbHandle, Db } from "./db/connection";
import type { ReadReplicas } from "./db/replicas";
import type { EventBus } from "./events/bus";
import type { Mailer } from "./mail/mailer";
import type { FileStorage } from "./storage/files";

export interface Services {
  db: Db;
  handle: DbHandle;
  /** PostgreSQL read replicas (DATABASE_READ_URL); undefined without. Use readDbFor (server/db/read-db.ts). */
  replicas?: ReadReplicas;
  config: ServerConfig;
  mailer: Mailer;
  files: FileStorage;
  /** Live events of this process (server/events/bus.ts): publish what the office should see at once. */
  events: EventBus;
}
