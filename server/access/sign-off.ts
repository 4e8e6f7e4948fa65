// Whose records an operation signs off (declaration/rights.ts SignOffDecl): the person ids named
// in the body, or the person of the record the path names, read within the actor's company. The
// check itself (nobody signs off their own) is server/access/operation-access.ts.
import { resourceNamed, type SignOffDecl } from "../../declaration";
import type { Db } from "../db/connection";
import { dynamicDb } from "../db/dynamic";
import type { Actor } from "./actor";

const ids = (v: unknown): number[] => (Array.isArray(v) ? v : [v]).map((x) => Number(x)).filter((n) => Number.isSafeInteger(n) && n > 0);

/** The people whose records the request signs off (none when the body or path names none: the handler refuses that itself). */
export async function signOffPersons(db: Db, actor: Actor, decl: SignOffDecl, request: { params: Record<string, string>; body: unknown }): Promise<number[]> {
  if ("body" in decl) {
    const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    return ids(body[decl.body]);
  }
  const r = resourceNamed(decl.record);
  const id = Number(request.params[decl.param]);
  if (!r.table || !Number.isSafeInteger(id)) return [];
  let q = dynamicDb(db).selectFrom(r.table).select(decl.field).where("id", "=", id);
  if (r.scope === "company") q = q.where("company_id", "=", actor.companyId);
  const row = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
  return row ? ids(row[decl.field]) : [];
}
