// The database a request's reads go to (the rule: server/db/replicas.ts): a healthy read replica
// for a read-only operation of a token that has not written within READ_YOUR_WRITES_MS, else
// the primary (services.db). Writes and transactions always use services.db.
import type { FastifyRequest } from "fastify";
import type { Services } from "../services";
import type { Db } from "./connection";

export function readDbFor(services: Services, req: FastifyRequest, readOnly: boolean): Db {
  if (!readOnly || !services.replicas) return services.db;
  return services.replicas.dbForRead(true, req.headers.authorization) ?? services.db;
}
