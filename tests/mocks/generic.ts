// The mock's generic handler of each operation, from the declaration alone, as
// server/routes/generic.ts picks the server's: the standard kinds (search, list, listSelect, total,
// one, add, update, delete), the generic custom ones the operation table names
// (declaration/operations.ts genericCustomOf: add-multiple, delete-by-*, list-by-*) and a flow's
// actions (declaration/flows.ts). Searches, validation and row scope run the server's own code
// (search.ts, validate.ts, rowScope.ts). A resource needs no mock code for these; an operation
// without one answers 501 as the server does, unless tests/mocks/bespoke.ts registers it.
import { genericCustomOf, refLabelOf, RESOURCE_BY_NAME, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { badRequest, conflict, HttpError, notFound, notImplemented, type FieldErrors } from "../../server/http/errors";
import { hasReviewFields, reviewErrors } from "../../server/access/review-fields";
import { t } from "../../server/i18n/messages";
import { dateOrderErrors } from "../../server/validation/record";
import type { MockContext, MockHandler } from "./context";
import { MockAnswer } from "./context";
import type { MockDb, Row } from "./db";
import { guardFlowDelete, guardFlowWrite, mockFlowAction, mockRequestWrite, mockStock } from "./requests";
import { checkRowWrite } from "./rowScope";
import { listRows, searchRows, totalRows } from "./search";
import { validateBody } from "./validate";

/** Most items of one add-multiple (server/records/store.ts MAX_ITEMS). */
const MAX_ITEMS = 1000;

/** Virtual fields are validated, never stored (nor answered). */
export const withoutVirtual = (r: ResolvedResource, values: Row): Row =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !r.fields.some((f) => f.name === k && f.virtual)));

/** The answer form of a row: ref labels added, passwords and virtual fields never answered, a catalogue's stock computed on read. */
export function answer(r: ResolvedResource, row: Row, db: MockDb): Row {
  const out: Row = { ...row };
  for (const f of r.fields) {
    if (f.type === "password" || f.virtual) delete out[f.name];
    if (f.type === "ref" && f.ref) {
      const target = db.rows(f.ref).find((x) => x.id === row[f.name]);
      out[`${f.name}_label`] = row[f.name] == null || !target ? null : (target[refLabelOf(f, RESOURCE_BY_NAME as Map<string, ResolvedResource>)] ?? null);
    }
  }
  Object.assign(out, mockStock(db, r, row) ?? {});
  return out;
}

/** Review fields (a permit's status) only from a role with the edit right on the resource's menu (server/access/review-fields.ts). */
function checkReview(ctx: MockContext, values: Row, current?: Row): void {
  const { r } = ctx;
  if (!hasReviewFields(r)) return;
  const errors = reviewErrors(r, values, { mayReview: ctx.holds({ action: "update" }), current });
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** add: the row stored (RecordStore.create): the flow's start, the checks, the owner field the actor's. */
export function createRecord(ctx: MockContext): Row {
  const { r, db, actor } = ctx;
  guardFlowWrite(r, null, ctx.payload);
  const values = validateBody(r, ctx.payload, db, { mode: "create", loose: ctx.multipart });
  Object.assign(values, mockRequestWrite(r, null, ctx.payload) ?? {});
  const order = dateOrderErrors(r, values);
  if (Object.keys(order).length) throw badRequest(order);
  checkReview(ctx, values);
  checkRowWrite(r, (f) => values[f], db, actor, ctx.rowScopes);
  return db.insert(r.name, { ...withoutVirtual(r, values), ...ctx.stored, ...(r.ownerField ? { [r.ownerField]: actor.id } : {}) });
}

/** update/{id}: the row changed (RecordStore.update), or 404 outside what the actor sees. */
export function updateRecord(ctx: MockContext): { row: Row; before: Row } {
  const { r, db, actor } = ctx;
  const row = ctx.rows().find(ctx.byParams);
  if (!row) throw notFound();
  guardFlowWrite(r, row, ctx.payload);
  const values = validateBody(r, ctx.payload, db, { mode: "update", selfId: row.id, loose: ctx.multipart });
  Object.assign(values, mockRequestWrite(r, row, ctx.payload) ?? {});
  const order = dateOrderErrors(r, values, row);
  if (Object.keys(order).length) throw badRequest(order);
  checkReview(ctx, values, row);
  const rule = r.rowVisibility;
  if (rule && (rule.person in values || (rule.project !== undefined && rule.project in values)))
    checkRowWrite(r, (f) => (f in values ? values[f] : row[f]), db, actor, ctx.rowScopes);
  const before = { ...row };
  Object.assign(row, withoutVirtual(r, values), { updated_at: new Date().toISOString() });
  db.touch(r.name);
  return { row, before };
}

/** add-multiple { items }: all or nothing, errors named by item; a join's pair already stored answered as it is, flagged `existing` (RecordStore.createMany). */
function createMany(ctx: MockContext): MockAnswer {
  const { r, db, payload } = ctx;
  const items = payload.items;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) throw badRequest({ items: { key: "items_required", params: { max: MAX_ITEMS } } });
  const all: Row[] = [];
  const errors: FieldErrors = {};
  let clash = false;
  items.forEach((item, i) => {
    try {
      all.push(validateBody(r, item, db, { mode: "create", prefix: `items.${i}.` }));
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      if (e.statusCode === 409) clash = true;
      Object.assign(errors, e.errors);
    }
  });
  if (Object.keys(errors).length) throw clash && Object.values(errors).every((m) => m.key === "not_unique") ? conflict(errors) : badRequest(errors);
  const key = r.uniqueKey;
  const records = all.map((v) => {
    const found = key && ctx.tenant().find((x) => key.every((k) => x[k] === v[k]));
    return found ? { ...answer(r, found, db), existing: true } : { ...answer(r, db.insert(r.name, withoutVirtual(r, v)), db), ...(key ? { existing: false } : {}) };
  });
  const existing = records.filter((x) => x.existing === true).length;
  return new MockAnswer(records, existing ? { message: t(ctx.lang, "pairs_existing", { added: records.length - existing, existing }) } : {});
}

const listed = (found: { rows: Row[]; message?: string }, ctx: MockContext) =>
  new MockAnswer(
    found.rows.map((x) => answer(ctx.r, x, ctx.db)),
    found.message ? { message: found.message } : {},
  );

/** The generic handler of `ctx.op`, or null when it has none (a bespoke one, else 501). */
export function genericMockHandler(ctx: Pick<MockContext, "r" | "op">): MockHandler | null {
  const { r, op } = ctx;
  switch (op.kind) {
    case "search":
      return (c) => {
        const found = searchRows(r, c.rows().filter(c.byParams), c.payload, c.lang, {
          kept: c.keptCounts,
          version: c.db.version(r.name),
          tenant: `${c.actor.company_id}:${JSON.stringify(c.params)}`,
        });
        return new MockAnswer(
          found.rows.map((x) => answer(r, x, c.db)),
          {
            ...(found.message ? { message: found.message } : {}),
            recordsTotal: found.recordsTotal,
            recordsFiltered: found.recordsFiltered,
            ...(found.estimated ? { estimated: found.estimated } : {}),
          },
        );
      };
    case "list":
      return (c) => listed(listRows(r, c.rows(), c.query, c.lang), c);
    case "listSelect":
      return (c) => {
        const found = listRows(r, c.rows(), c.query, c.lang);
        const label = r.fields.find((f) => f.name === r.labelField);
        const key = label?.type === "ref" ? `${r.labelField}_label` : r.labelField;
        return new MockAnswer(
          found.rows.map((x) => ({ value: x.id, label: answer(r, x, c.db)[key] ?? null })),
          found.message ? { message: found.message } : {},
        );
      };
    case "total":
      return (c) => ({ total: totalRows(r, c.rows(), c.payload) });
    case "one":
      return (c) => {
        const row = c.rows().find(c.byParams);
        if (!row) throw notFound();
        return answer(r, row, c.db);
      };
    case "create":
      return (c) => answer(r, createRecord(c), c.db);
    case "update":
      return (c) => answer(r, updateRecord(c).row, c.db);
    case "delete":
      return (c) => {
        const visible = new Set(c.rows());
        guardFlowDelete(r, c.rows().filter(c.byParams));
        if (!c.db.remove(r.name, (row) => c.byParams(row) && visible.has(row))) throw notFound();
        return null;
      };
    case "custom":
      if (r.flow?.actions[op.name]) return (c) => answer(r, mockFlowAction(c.db, c.actor, r, op.name, c.params.id, c.payload, c.rowScopes), c.db);
      switch (genericCustomOf(op)) {
        case "createMany":
          return createMany;
        case "deleteBy":
          if (op.method === "DELETE" && op.params.length > 0 && op.params.every((p) => r.fields.some((f) => f.name === p))) {
            return (c) => {
              const visible = new Set(c.rows());
              return { deleted: c.db.remove(r.name, (row) => c.byParams(row) && visible.has(row)) };
            };
          }
          return null;
        case "listBy":
          return op.method === "GET" && op.params.length === 0 ? (c) => listed(listRows(r, c.rows(), c.query, c.lang), c) : null;
        default:
          return null;
      }
  }
}

/** A custom operation with a declared example answer (CustomOperationDecl.example): that answer, a fresh copy each time. */
export const exampleMockHandler = (op: ResolvedOperation): MockHandler | null => (op.example === undefined ? null : () => structuredClone(op.example));

/** An operation neither generic nor bespoke, without an example: the server's 501. */
export const notMocked: MockHandler = () => {
  throw notImplemented();
};
