// The generic handler of each standard operation kind, for resources with a table, plus the
// simple custom ones every resource shares: add-multiple, delete-by-*/{x} ({ deleted: n }) and
// list-by-* (a list filtered by the query string), as the operation table says
// (declaration/operations.ts). Anything else is a custom operation.
import { genericCustomOf, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { cachedAnswer, keepsAnswers } from "../http/encoded-answer";
import { ok } from "../http/envelope";
import { pageOf } from "../records/store";
import { notFound } from "../http/errors";
import type { OpContext } from "./context";
import type { CustomHandler } from "./custom-registry";

export function genericHandler(r: ResolvedResource, op: ResolvedOperation): CustomHandler | null {
  if (!r.table) return null;
  switch (op.kind) {
    case "create":
      // Uploads (multipart) belong to the files work: register "upload" in server/custom/.
      return op.multipart ? null : (ctx) => ctx.store.create(r, ctx.body);
    case "search":
      return async (ctx) => {
        const prepared = await ctx.store.prepareSearch(r, ctx.body);
        // Sent as made when an option view will project it; else kept encoded (http/encoded-answer.ts), and then its rows need no keeping of their own.
        const encoded = ctx.encodable && keepsAnswers(ctx.db, prepared.tables);
        const make = async () => pageOf(await ctx.store.runSearch(r, prepared, { keepPage: !encoded }));
        return encoded ? cachedAnswer(ctx.db, `${ctx.lang}\u0000${prepared.key}`, prepared.tables, make) : make();
      };
    case "list":
      return async (ctx) => {
        const res = await ctx.store.list(r, ctx.query);
        return ok(res.data, res.message ? { message: res.message } : {});
      };
    case "listSelect":
      return async (ctx) => {
        const res = await ctx.store.list(r, ctx.query);
        const label = r.fields.find((f) => f.name === r.labelField);
        const key = label?.type === "ref" ? `${r.labelField}_label` : r.labelField;
        const data = res.data.map((rec) => ({ value: rec.id, label: rec[key] ?? null }));
        return ok(data, res.message ? { message: res.message } : {});
      };
    case "total":
      return async (ctx) => ({ total: await ctx.store.total(r, ctx.body) });
    case "one":
      return async (ctx) => {
        const rec = await ctx.store.findOne(r, ctx.store.matchParams(r, ctx.params));
        if (!rec) throw notFound();
        return rec;
      };
    case "update":
      return (ctx) => ctx.store.update(r, ctx.store.matchParams(r, ctx.params), ctx.body);
    case "delete":
      return async (ctx: OpContext) => {
        await ctx.store.remove(r, ctx.store.matchParams(r, ctx.params));
        return null;
      };
    case "custom":
      switch (genericCustomOf(op)) {
        case "createMany":
          return (ctx) => ctx.store.createMany(r, ctx.body);
        case "deleteBy":
          // Only when every path parameter is a field to match.
          if (op.method === "DELETE" && op.params.length > 0 && op.params.every((p) => r.fields.some((f) => f.name === p))) {
            return async (ctx) => ({ deleted: await ctx.store.remove(r, ctx.store.matchParams(r, ctx.params), { allowNone: true }) });
          }
          return null;
        case "listBy":
          if (op.method === "GET" && op.params.length === 0) {
            return async (ctx) => {
              const res = await ctx.store.list(r, ctx.query);
              return ok(res.data, res.message ? { message: res.message } : {});
            };
          }
          return null;
        default:
          return null;
      }
  }
}
