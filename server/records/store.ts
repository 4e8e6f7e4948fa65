// Records of table-backed resources for one actor: every read, write and delete goes through
// the tenancy conditions, validation, ref/unique checks and the codec here. Generic routes
// and custom operations (server/custom/*) use the same store, so tenancy is never re-invented.
import { sql, type CompiledQuery } from "kysely";
import { IMAGE_RESOURCE, type ResolvedResource, type RowScope } from "../../declaration";
import type { Actor } from "../access/actor";
import { fileVisibility } from "../access/file-scope";
import { isAllowed } from "../access/operation-access";
import { hasReviewFields, reviewErrors } from "../access/review-fields";
import { writeGuardOf } from "../access/write-guards";
import { type Reach, scopeWriteErrors } from "../access/row-rule";
import { MEMBERSHIP_TABLE, reachOf, rowConds, rowScopeOf } from "../access/row-scope";
import { scopeConds } from "../access/scope";
import { hashPassword } from "../auth/password";
import { cached, COUNT_CACHE, PAGE_CACHE, PAGE_CACHE_MAX_ROWS, peekCached } from "../cache";
import { eq, inList, whereAll, type Cond } from "../db/conditions";
import { dialectOf, type Db } from "../db/connection";
import { dynamicDb } from "../db/dynamic";
import { boundQuery } from "../db/query-templates";
import { encodeRecord, encodeValue, rowDecoder, type Stored } from "../db/codec";
import { page, type Answer } from "../http/envelope";
import { badRequest, conflict, inUse, notFound, type FieldErrors } from "../http/errors";
import { t, type Lang } from "../i18n/messages";
import { checkValue } from "../validation/fields";
import { dateOrderErrors, validateRecord } from "../validation/record";
import { checkRefs, checkUnique, usedBy } from "./checks";
import { auditWrite } from "../audit/log";
import { uniqueViolationField } from "./db-errors";
import { countOrEstimate, type Counted } from "./count-estimates";
import { countTags } from "./count-tags";
import { guardFlowDelete, guardFlowWrite } from "./flow-guard";
import { attachLabels, labelKeysOf, labelTablesOf } from "./labels";
import { maxPageOf, pageWindow, type PageWindow } from "./page-window";
import { searchPlan, type SearchPlan } from "./plans";
import { filtersFromQuery, parseColumns, parseColumnsKeyed, parseOrders, parsePaging, type Order } from "./query";

export type Row = Record<string, unknown>;
export type WireRecord = Record<string, unknown>;

export { DEFAULT_MAX_PAGE } from "./page-window";

/** The counts that are estimates, for the envelope (undefined: both exact). */
const estimatedOf = (total: Counted, filtered: Counted): CountName[] | undefined =>
  total.estimated || filtered.estimated ? [...(total.estimated ? ["recordsTotal" as const] : []), ...(filtered.estimated ? ["recordsFiltered" as const] : [])] : undefined;

/** A search result as the envelope's page (its rows replaced by `data` when given: a custom answer's shape). */
export const pageOf = <T = WireRecord>(res: SearchResult, data?: T[]): Answer<T[]> =>
  page((data ?? res.data) as T[], res.recordsTotal, res.recordsFiltered, res.message, res.estimated);
/** Most items of one add-multiple. */
export const MAX_ITEMS = 1000;

/** The counts of a search answer that may be estimates (server/records/count-estimates.ts). */
export type CountName = "recordsTotal" | "recordsFiltered";

export interface SearchResult {
  data: WireRecord[];
  recordsTotal: number;
  recordsFiltered: number;
  message?: string;
  /** The counts that are estimates (the envelope's `estimated`); absent when both are exact. */
  estimated?: CountName[];
}

/** A validated, planned search (RecordStore.prepareSearch). */
export interface PreparedSearch {
  /** What the page depends on: resource, visibility, paging, orders and normalized columns. */
  key: string;
  vis: Visibility;
  plan: SearchPlan;
  /** The page asked for, capped (server/records/page-window.ts). */
  window: PageWindow;
  /** Tables its answer is read from (rows, counts, labels); null when read from a replica. */
  tables: string[] | null;
}

export interface CreateOptions {
  /** Strings for numbers and booleans (multipart form fields). */
  loose?: boolean;
  /** Error key prefix ("items.3."). */
  prefix?: string;
  /** Server-set values in wire format (file names from an upload, computed fields): not validated. */
  extra?: Record<string, unknown>;
  /**
   * The flow's action writing (server/records/flow-action.ts): its own fields and the state may
   * change; the generic writes may not (server/records/flow-guard.ts).
   */
  step?: string;
}

const nowIso = () => new Date().toISOString();

/** The rows of a resource an actor may see: conditions, and what they depend on (cache keys). */
export interface Visibility {
  /** Tenancy and row conditions, for every read, count, update and delete. */
  conds: Cond[];
  /** What the conditions depend on: the tenancy, and the scope and user where rows are private. */
  key: string;
  /** Tables the conditions read besides the resource's own (a write there changes a count). */
  tables: string[];
}

/** Resources whose rows differ per actor within a company (rowVisibility, and the image store's files). */
const isPrivate = (r: ResolvedResource): boolean => !!r.rowVisibility || r.name === IMAGE_RESOURCE;

export class RecordStore {
  /** Per resource, for this store's life (one request): the scope is looked up once. */
  private readonly visible = new Map<string, Promise<Visibility>>();
  private reach: Promise<Reach> | null = null;

  constructor(
    readonly db: Db,
    readonly actor: Actor,
    readonly lang: Lang = "en",
    /**
     * Where rows are read (rows(), search pages): a read replica for a read-only request
     * (server/db/replicas.ts), else `db`. Writes, counts, labels, rights and plans (cached) use `db`.
     */
    readonly readDb: Db = db,
  ) {}

  withDb(db: Db): RecordStore {
    return new RecordStore(db, this.actor, this.lang);
  }

  /** The resource's table; a resource of resourceByName gives its table's name as a type (a key of the typed Db). */
  tableOf<R extends ResolvedResource>(r: R): NonNullable<R["table"]> {
    if (!r.table) throw new Error(`${r.name} has no table`);
    return r.table as NonNullable<R["table"]>;
  }

  /**
   * Tenancy conditions of the actor on this resource, for resources whose rows every user of the
   * company sees alike. Private rows (rowVisibility, images) need `await visibility(r)`.
   */
  scope(r: ResolvedResource): Cond[] {
    if (isPrivate(r)) throw new Error(`${r.name}: rows are private per actor, use await store.visibility()`);
    return scopeConds(r, this.actor);
  }

  /** The actor's row scope on a resource (server/access/row-scope.ts); "company" where it has no row rule. */
  rowScope(r: ResolvedResource): Promise<RowScope> {
    return rowScopeOf(this.db, this.actor, r);
  }

  /** The actor's projects and their people (the projects scope's reach), read once per store. */
  reachOf(): Promise<Reach> {
    return (this.reach ??= reachOf(this.db, this.actor));
  }

  /**
   * The people whose rows of `r` (a resource declaring rowVisibility) the actor may see: null
   * for all of the company's; the actor alone; or the actor and the members of their projects.
   */
  async people(r: ResolvedResource): Promise<number[] | null> {
    const scope = await this.rowScope(r);
    if (scope === "company") return null;
    if (scope === "own") return [this.actor.userId];
    return [...new Set([this.actor.userId, ...(await this.reachOf()).people])];
  }

  /** Tenancy and row conditions of the actor on this resource (every read, count, update and delete). */
  visibility(r: ResolvedResource): Promise<Visibility> {
    let v = this.visible.get(r.name);
    if (!v) this.visible.set(r.name, (v = this.loadVisibility(r)));
    return v;
  }

  private async loadVisibility(r: ResolvedResource): Promise<Visibility> {
    const tenancy = scopeConds(r, this.actor);
    const key = this.tenancyKey();
    if (r.name === IMAGE_RESOURCE) {
      const files = await fileVisibility(this.actor, (x) => this.rowScope(x));
      return { conds: [...tenancy, ...files.conds], key: `${key}:${files.key}`, tables: files.tables };
    }
    const scope = await this.rowScope(r);
    if (scope === "company") return { conds: tenancy, key, tables: [] };
    return { conds: [...tenancy, ...rowConds(r, scope, this.actor)], key: `${key}:${scope}:${this.actor.userId}`, tables: scope === "projects" ? [MEMBERSHIP_TABLE] : [] };
  }

  /** 400 unless a row being written stays within the actor's scope (values in wire form, by field). */
  private async checkScope(r: ResolvedResource, valueOf: (field: string) => unknown, prefix = ""): Promise<FieldErrors> {
    const rule = r.rowVisibility;
    if (!rule) return {};
    const scope = await this.rowScope(r);
    if (scope === "company") return {};
    const reach = scope === "projects" ? await this.reachOf() : { userId: this.actor.userId, projects: new Set<number>(), people: new Set<number>() };
    return scopeWriteErrors(rule, scope, reach, valueOf, prefix);
  }

  /** Conditions from path parameters named after fields ({project_id}/{id}); a value that cannot match → 404. */
  matchParams(r: ResolvedResource, params: Record<string, unknown>): Cond[] {
    const conds: Cond[] = [];
    for (const [k, raw] of Object.entries(params)) {
      const f = r.fields.find((x) => x.name === k);
      if (!f || f.type === "password") throw new Error(`${r.name}: path parameter {${k}} is not a field`);
      const c = checkValue({ ...f, min: undefined, max: undefined }, raw, true);
      if (!c.ok) throw notFound();
      conds.push(eq(k, encodeValue(f, c.value)));
    }
    return conds;
  }

  // ---- reads -------------------------------------------------------------------------------

  async rows(r: ResolvedResource, conds: readonly Cond[], o: { orders?: Order[]; offset?: number; limit?: number } = {}): Promise<Row[]> {
    return (await this.rowsQuery(r, await this.visibility(r), conds, o).execute()) as Row[];
  }

  private rowsQuery(r: ResolvedResource, vis: Visibility, conds: readonly Cond[], o: { orders?: Order[]; offset?: number; limit?: number; columns?: readonly string[] }) {
    const from = dynamicDb(this.readDb).selectFrom(this.tableOf(r));
    // Only some columns: an index holding them answers without reading the table (a day of waypoints).
    const selected = (o.columns ? from.select([...o.columns]) : from.selectAll()) as ReturnType<typeof from.selectAll>;
    let q = whereAll(selected, [...vis.conds, ...conds]);
    // NULLs last; `id` is never null, and a plain `id` lets an index ending in the rowid
    // (SQLite) give the tie-break order instead of a sort.
    for (const ord of o.orders ?? [])
      q = q.orderBy(ord.column === "id" ? sql`${sql.ref(ord.column)} ${sql.raw(ord.direction)}` : sql`${sql.ref(ord.column)} ${sql.raw(ord.direction)} nulls last`);
    if (o.limit !== undefined) q = q.limit(o.limit);
    if (o.offset) q = q.offset(o.offset);
    return q;
  }

  /**
   * How many rows match. Counting a big tenant's rows costs milliseconds (every index entry
   * is visited) while the page itself costs microseconds, and list screens ask the same count
   * page after page: the count is cached per query text and values, dropped as soon as the
   * table is written (server/cache.ts), so it stays exact within this server.
   */
  async count(r: ResolvedResource, conds: readonly Cond[], bodyKey?: string): Promise<number> {
    const table = this.tableOf(r);
    const vis = await this.visibility(r);
    const where = [...vis.conds, ...conds];
    const build = () =>
      boundQuery(this.db, `count\u0000${table}`, where, [], () =>
        whereAll(
          dynamicDb(this.db)
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n")),
          where,
        ).compile(),
      );
    // Keyed by the query itself, or (search) by the body's columns, which decide the same
    // query within one resource and visibility (tenancy, and the row scope and user where
    // rows are private) without compiling it. Dropped when rows are added to or removed from
    // the table, a column its conditions read is updated (count-tags.ts), or a table the row
    // rule reads is written.
    let query = bodyKey === undefined ? build() : null;
    const key = query ? `q\u0000${query.sql}\u0000${JSON.stringify(query.parameters)}` : this.countKey(r, vis, bodyKey!);
    return cached(this.db, "count", COUNT_CACHE, key, [...countTags(table, where), ...vis.tables], async () => {
      const res = await this.db.executeQuery<{ n: unknown }>((query ??= build()));
      return Number(res.rows[0]?.n ?? 0);
    });
  }

  private countKey(r: ResolvedResource, vis: Visibility, bodyKey: string): string {
    return `b\u0000${r.name}\u0000${vis.key}\u0000${bodyKey}`;
  }

  /**
   * A search's count: exact while cached or small; past COUNT_ESTIMATE.above rows, after a write,
   * its last exact count as an estimate (server/records/count-estimates.ts).
   */
  private async searchCount(r: ResolvedResource, conds: readonly Cond[], bodyKey: string): Promise<Counted> {
    const key = this.countKey(r, await this.visibility(r), bodyKey);
    return countOrEstimate(this.db, key, peekCached<number>(this.db, "count", key), () => this.count(r, conds, bodyKey));
  }

  /** What the tenancy conditions depend on (access/scope.ts): the company and the owner flag. */
  private tenancyKey(): string {
    return `${this.actor.isOwner ? "owner" : ""}:${this.actor.companyId}`;
  }

  /** Rows → wire records with `F_label`s. */
  async present(r: ResolvedResource, rows: Row[]): Promise<WireRecord[]> {
    const records = rows.map(rowDecoder(r, labelKeysOf(r)));
    await attachLabels(this.db, this.actor, r, records);
    return records;
  }

  async findOne(r: ResolvedResource, conds: readonly Cond[]): Promise<WireRecord | null> {
    const rows = await this.rows(r, conds, { limit: 1 });
    return rows.length ? (await this.present(r, rows))[0] : null;
  }

  async getById(r: ResolvedResource, id: number): Promise<WireRecord> {
    const rec = await this.findOne(r, [eq("id", id)]);
    if (!rec) throw notFound();
    return rec;
  }

  maxPage(r: ResolvedResource): number {
    return maxPageOf(r);
  }

  /** POST R/search. */
  async search(r: ResolvedResource, body: unknown): Promise<SearchResult> {
    return this.runSearch(r, await this.prepareSearch(r, body));
  }

  /**
   * A search body validated (400 on a bad body, before any query) and planned: what its answer
   * depends on, before anything is read (server/http/encoded-answer.ts keeps answers by it).
   */
  async prepareSearch(r: ResolvedResource, body: unknown): Promise<PreparedSearch> {
    const b = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    // The plan is keyed by what the query depends on, never by the raw body (a client's
    // ignored extras would fill the cache).
    const columns = parseColumnsKeyed(r, b.columns, dialectOf(this.db));
    const orders = parseOrders(r, b.orders);
    const paging = parsePaging(b.paging);
    const columnsKey = JSON.stringify(columns.key);
    // The plan holds the actor's visibility conditions: keyed by what they depend on.
    const vis = await this.visibility(r);
    // One plan for every page of a filter and order (the page is two parameters of it).
    const planKey = `${r.name}\u0000${vis.key}\u0000${JSON.stringify(orders)}\u0000${columnsKey}`;
    const plan = searchPlan(this.db, planKey, () => this.planSearch(r, vis, columns.conds, orders, columnsKey));
    return {
      key: `${planKey}\u0000${paging.start}\u0000${paging.length}`,
      vis,
      plan,
      window: pageWindow(r, paging),
      // Rows, counts and labels: what the answer was read from. None from a replica (no change log there).
      tables: this.readDb === this.db ? [this.tableOf(r), ...vis.tables, ...labelTablesOf(r)] : null,
    };
  }

  /** The query of a prepared search's page: its plan's, with the page's limit and offset (null: a page of no rows). */
  pageQuery({ plan, window }: PreparedSearch): CompiledQuery | null {
    if (window.length === 0) return null;
    const { parameters } = plan.rows;
    return { ...plan.rows, parameters: [...parameters.slice(0, -2), window.length, window.start] };
  }

  /**
   * The page of a prepared search: its rows (labelled) and counts. `keepPage: false` when its
   * answer is kept encoded anyway (server/http/encoded-answer.ts): sizing and keeping the rows
   * too cost a few percent of a first-asked search for nothing.
   */
  async runSearch(r: ResolvedResource, prepared: PreparedSearch, o: { keepPage?: boolean } = {}): Promise<SearchResult> {
    const { key, vis, plan } = prepared;
    const { start, length, capped } = prepared.window;
    // The page's rows, cached like counts (server/cache.ts PAGE_CACHE): list screens and the
    // map ask the same pages again, and reading them was the biggest part of a search's cost.
    // Rows read from a replica (its Kysely has no change log) are never cached.
    const query = this.pageQuery(prepared);
    const read = async () => (await this.readDb.executeQuery(query!)).rows as Row[];
    const rows = !query
      ? []
      : o.keepPage === false
        ? await read()
        : await cached(this.readDb, "page", PAGE_CACHE, key, [this.tableOf(r), ...vis.tables], read, { seenWrites: true, keep: (page) => page.length <= PAGE_CACHE_MAX_ROWS });
    // A page that is not full ends the result: its count needs no query (a worker's day of
    // waypoints, short filtered lists). Otherwise count (cached, see count()).
    const ended = rows.length < length && (rows.length > 0 || start === 0);
    const filtered: Counted = ended ? { n: start + rows.length, estimated: false } : await this.searchCount(r, plan.conds, plan.columnsKey);
    // Big tables (a declared maxPageLength) skip the second count over the whole tenant.
    const total: Counted = plan.conds.length === 0 || r.maxPageLength ? filtered : await this.searchCount(r, [], "[]");
    const recordsFiltered = filtered.n;
    const recordsTotal = total.n;
    const out: SearchResult = { data: await this.present(r, rows), recordsTotal, recordsFiltered };
    const estimated = estimatedOf(total, filtered);
    if (estimated) out.estimated = estimated;
    if (capped && recordsFiltered - start > length) {
      out.message = t(this.lang, "page_capped", { cap: length, total: recordsFiltered });
    }
    return out;
  }

  /**
   * POST R/search answering stored values of some columns only (no labels, no records): the same
   * body, checks, page, cap and counts as search(), read and counted anew (nothing cached: the
   * big pages this is for, a day of waypoints, are not).
   */
  async searchStored(r: ResolvedResource, body: unknown, columns: readonly string[]): Promise<Omit<SearchResult, "data"> & { rows: Row[] }> {
    const b = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    const parsed = parseColumnsKeyed(r, b.columns, dialectOf(this.db));
    const orders = parseOrders(r, b.orders);
    const { start, length, capped } = pageWindow(r, parsePaging(b.paging));
    const vis = await this.visibility(r);
    const rows = length === 0 ? [] : ((await this.rowsQuery(r, vis, parsed.conds, { orders, offset: start, limit: length, columns }).execute()) as Row[]);
    const ended = rows.length < length && (rows.length > 0 || start === 0);
    const filtered: Counted = ended ? { n: start + rows.length, estimated: false } : await this.searchCount(r, parsed.conds, JSON.stringify(parsed.key));
    const total: Counted = parsed.conds.length === 0 || r.maxPageLength ? filtered : await this.searchCount(r, [], "[]");
    const out: Omit<SearchResult, "data"> & { rows: Row[] } = { rows, recordsTotal: total.n, recordsFiltered: filtered.n };
    const estimated = estimatedOf(total, filtered);
    if (estimated) out.estimated = estimated;
    if (capped && filtered.n - start > length) out.message = t(this.lang, "page_capped", { cap: length, total: filtered.n });
    return out;
  }

  /** A validated search compiled; its last two parameters are the page's limit and offset (pageQuery). */
  private planSearch(r: ResolvedResource, vis: Visibility, conds: Cond[], orders: Order[], columnsKey: string): SearchPlan {
    // Compiled once per shape of the conditions (server/db/query-templates.ts), bound to these values.
    const rows = boundQuery(this.db, `rows\u0000${this.tableOf(r)}\u0000${JSON.stringify(orders)}`, [...vis.conds, ...conds], [1, 0], () =>
      this.rowsQuery(r, vis, conds, { orders }).limit(1).offset(0).compile(),
    );
    // pageQuery replaces the last two parameters: they must be these.
    if (!/ limit (\?|\$\d+) offset (\?|\$\d+)$/.test(rows.sql) || rows.parameters.slice(-2).join() !== "1,0")
      throw new Error(`search plan of ${r.name}: no trailing limit and offset`);
    return { conds, rows, columnsKey };
  }

  /** POST R/total: the number of records matching the columns. */
  async total(r: ResolvedResource, body: unknown): Promise<number> {
    const b = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    return this.count(r, parseColumns(r, b.columns, dialectOf(this.db)));
  }

  /** GET R/list?field=value: all matching records (up to the page cap), in the default order. */
  async list(r: ResolvedResource, query: unknown): Promise<{ data: WireRecord[]; message?: string }> {
    const cap = this.maxPage(r);
    const rows = await this.rows(r, filtersFromQuery(r, query), { orders: parseOrders(r, undefined), limit: cap + 1 });
    const capped = rows.length > cap;
    const data = await this.present(r, capped ? rows.slice(0, cap) : rows);
    if (!capped) return { data };
    return { data, message: t(this.lang, "page_capped", { cap, total: `${cap}+` }) };
  }

  // ---- writes ------------------------------------------------------------------------------

  /** Validated, checked and encoded row for an insert (throws 400/409 with field errors). */
  async prepareCreate(r: ResolvedResource, body: unknown, o: CreateOptions = {}): Promise<Record<string, Stored>> {
    // A new record of a flow starts at its start, without its steps' fields.
    guardFlowWrite(r, null, body, o.prefix);
    const { values, errors } = validateRecord(r, body, { mode: "create", loose: o.loose, prefix: o.prefix });
    Object.assign(errors, dateOrderErrors(r, values, null, o.prefix));
    if (Object.keys(errors).length) throw badRequest(errors);
    // Review fields (a permit's approval) only from a reviewer: checked before o.extra (server-set values).
    if (hasReviewFields(r)) {
      const review = reviewErrors(r, values, { mayReview: await this.mayReview(r), prefix: o.prefix });
      if (Object.keys(review).length) throw badRequest(review);
    }
    Object.assign(values, o.extra ?? {});
    await writeGuardOf(r)?.beforeWrite(this.db, this.actor, values, null, o.prefix ?? "");
    const refErrors = await checkRefs(this.db, this.actor, r, values, o.prefix);
    // A row the actor could not see afterwards is refused (the owner field is the actor's).
    Object.assign(refErrors, await this.checkScope(r, (f) => (f === r.ownerField ? this.actor.userId : values[f]), o.prefix));
    if (Object.keys(refErrors).length) throw badRequest(refErrors);
    const uniqueErrors = await checkUnique(this.db, this.actor, r, values, null, o.prefix);
    if (Object.keys(uniqueErrors).length) throw conflict(uniqueErrors);
    await this.hashPasswords(r, values);
    const now = nowIso();
    const row = encodeRecord(r, values);
    if (r.scope === "company") row.company_id = this.actor.companyId;
    if (r.ownerField) row[r.ownerField] = this.actor.userId;
    row.created_at = now;
    row.updated_at = now;
    return row;
  }

  async insertRow(r: ResolvedResource, row: Record<string, Stored>, prefix = ""): Promise<number> {
    try {
      const res = await dynamicDb(this.db).insertInto(this.tableOf(r)).values(row).returning("id").executeTakeFirstOrThrow();
      return Number(res.id);
    } catch (e) {
      throw this.asConflict(e, prefix);
    }
  }

  /** POST R/add. */
  async create(r: ResolvedResource, body: unknown, o: CreateOptions = {}): Promise<WireRecord> {
    const row = await this.prepareCreate(r, body, o);
    return this.audited(r, async (store) => {
      const created = await store.getById(r, await store.insertRow(r, row, o.prefix));
      await auditWrite(store.db, store.actor, r, "create", null, created);
      return created;
    });
  }

  /**
   * Runs a write of an audited or guarded resource in one transaction with its log entry and its
   * guard's check after it (server/access/write-guards.ts); others as they are.
   */
  private audited<T>(r: ResolvedResource, write: (store: RecordStore) => Promise<T>): Promise<T> {
    const guard = writeGuardOf(r);
    const run = async (store: RecordStore) => {
      const out = await write(store);
      await guard?.afterWrite(store.db, store.actor);
      return out;
    };
    if ((!r.audited && !guard) || this.db.isTransaction) return run(this);
    return this.db.transaction().execute((trx) => run(this.withDb(trx)));
  }

  /** POST R/add-multiple { items }: all or nothing; errors name the item ("items.2.user_id"). */
  async createMany(r: ResolvedResource, body: unknown): Promise<WireRecord[]> {
    const items = body && typeof body === "object" ? (body as Record<string, unknown>).items : undefined;
    if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) {
      throw badRequest({ items: { key: "items_required", params: { max: MAX_ITEMS } } });
    }
    const rows: Array<Record<string, Stored>> = [];
    const errors: FieldErrors = {};
    let clash = false;
    for (const [i, item] of items.entries()) {
      try {
        rows.push(await this.prepareCreate(r, item, { prefix: `items.${i}.` }));
      } catch (e) {
        const he = e as { statusCode?: number; errors?: FieldErrors };
        if (!he.errors || (he.statusCode !== 400 && he.statusCode !== 409)) throw e;
        if (he.statusCode === 409) clash = true;
        Object.assign(errors, he.errors);
      }
    }
    if (Object.keys(errors).length) throw clash && Object.values(errors).every((m) => m.key === "not_unique") ? conflict(errors) : badRequest(errors);
    // Unique values repeated inside the batch.
    for (const f of r.fields.filter((x) => x.unique)) {
      const seen = new Map<unknown, number>();
      rows.forEach((row, i) => {
        const v = row[f.name];
        if (v === null || v === undefined) return;
        if (seen.has(v)) errors[`items.${i}.${f.name}`] = { key: "not_unique" };
        seen.set(v, i);
      });
    }
    if (Object.keys(errors).length) throw conflict(errors);
    // A join's pair already stored (or repeated in the batch) is answered as it is, flagged `existing`.
    const key = r.uniqueKey;
    const insertAll = async (store: RecordStore) => {
      const ids: number[] = [];
      const existing = new Set<number>();
      const created = new Set<number>();
      for (const [i, row] of rows.entries()) {
        const found = key ? await store.pairId(r, row, key) : null;
        if (found !== null) {
          ids.push(found);
          if (!created.has(found)) existing.add(found);
          continue;
        }
        const id = key ? await store.insertPair(r, row, key, `items.${i}.`) : { id: await store.insertRow(r, row, `items.${i}.`), fresh: true };
        ids.push(id.id);
        (id.fresh ? created : existing).add(id.id);
      }
      return { ids, existing, created };
    };
    const insertLogged = async (store: RecordStore) => {
      const { ids, existing, created } = await insertAll(store);
      const records = await store.present(r, await store.rows(r, [inList("id", [...new Set(ids)])], { orders: [{ column: "id", direction: "asc" }] }));
      for (const rec of records) if (created.has(Number(rec.id))) await auditWrite(store.db, store.actor, r, "create", null, rec);
      await writeGuardOf(r)?.afterWrite(store.db, store.actor);
      const byId = new Map(records.map((rec) => [Number(rec.id), rec]));
      return ids.map((id, i) => {
        const rec = byId.get(id)!;
        if (!key) return rec;
        // The first item naming a pair stored now is the one added; a later one names it again.
        const again = ids.indexOf(id) !== i;
        return { ...rec, existing: existing.has(id) || again };
      });
    };
    return this.db.isTransaction ? insertLogged(this) : this.db.transaction().execute((trx) => insertLogged(this.withDb(trx)));
  }

  /** The id of the stored row holding the pair of `row` (its uniqueKey), or null. */
  private async pairId(r: ResolvedResource, row: Record<string, Stored>, key: readonly string[]): Promise<number | null> {
    const found = await whereAll(
      dynamicDb(this.db).selectFrom(this.tableOf(r)).select("id"),
      key.map((k) => eq(k, row[k] ?? null)),
    ).executeTakeFirst();
    return found ? Number(found.id) : null;
  }

  /** Inserts a row unless its pair is there already (stored at the same moment by another request): its id, and whether it is new. */
  private async insertPair(r: ResolvedResource, row: Record<string, Stored>, key: readonly string[], prefix: string): Promise<{ id: number; fresh: boolean }> {
    try {
      const res = await dynamicDb(this.db)
        .insertInto(this.tableOf(r))
        .values(row)
        .onConflict((oc) => oc.columns(key as string[]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (res) return { id: Number(res.id), fresh: true };
    } catch (e) {
      throw this.asConflict(e, prefix);
    }
    const id = await this.pairId(r, row, key);
    if (id === null) throw conflict({ [prefix + key[key.length - 1]]: { key: "not_unique" } });
    return { id, fresh: false };
  }

  /** PUT R/update/{id}: only the fields present change; the record must be the actor's tenant's. */
  async update(r: ResolvedResource, conds: readonly Cond[], body: unknown, o: CreateOptions = {}): Promise<WireRecord> {
    const current = await this.rows(r, conds, { limit: 1 });
    if (!current.length) throw notFound();
    const id = Number(current[0].id);
    // The flow's state, its steps' fields and what its state freezes: only its actions change them.
    if (r.flow && !o.step) guardFlowWrite(r, (await this.present(r, current))[0], body);
    const { values, errors } = validateRecord(r, body, { mode: "update", loose: o.loose });
    if (!Object.keys(errors).length) Object.assign(errors, dateOrderErrors(r, values, (await this.present(r, current))[0]));
    if (Object.keys(errors).length) throw badRequest(errors);
    if (hasReviewFields(r)) {
      const [now] = await this.present(r, current);
      const review = reviewErrors(r, values, { mayReview: await this.mayReview(r), current: now });
      if (Object.keys(review).length) throw badRequest(review);
    }
    Object.assign(values, o.extra ?? {});
    await writeGuardOf(r)?.beforeWrite(this.db, this.actor, values, current[0], "");
    const refErrors = await checkRefs(this.db, this.actor, r, values);
    // A row moved out of the actor's scope is refused: the changed person or project, else the current one.
    const rule = r.rowVisibility;
    if (rule && (rule.person in values || (rule.project !== undefined && rule.project in values))) {
      const [now] = await this.present(r, current);
      Object.assign(refErrors, await this.checkScope(r, (f) => (f in values ? values[f] : now[f])));
    }
    if (Object.keys(refErrors).length) throw badRequest(refErrors);
    const uniqueErrors = await checkUnique(this.db, this.actor, r, values, id);
    if (Object.keys(uniqueErrors).length) throw conflict(uniqueErrors);
    await this.hashPasswords(r, values);
    const before = r.audited === "all" ? (await this.present(r, current))[0] : null;
    return this.audited(r, async (store) => {
      if (Object.keys(values).length) {
        const row = encodeRecord(r, values);
        row.updated_at = nowIso();
        try {
          await whereAll(dynamicDb(store.db).updateTable(store.tableOf(r)).set(row), [eq("id", id), ...(await store.visibility(r)).conds]).execute();
        } catch (e) {
          throw store.asConflict(e, "");
        }
      }
      const after = await store.getById(r, id);
      if (before) await auditWrite(store.db, store.actor, r, "update", before, after);
      return after;
    });
  }

  /** DELETE: every record matching the conditions in the actor's tenant; 404 when none, 409 when in use. */
  async remove(r: ResolvedResource, conds: readonly Cond[], o: { allowNone?: boolean } = {}): Promise<number> {
    const vis = await this.visibility(r);
    const found = await whereAll(
      dynamicDb(this.db)
        .selectFrom(this.tableOf(r))
        .select(r.flow ? ["id", r.flow.field] : ["id"]),
      [...vis.conds, ...conds],
    ).execute();
    if (!found.length) {
      if (o.allowNone) return 0;
      throw notFound();
    }
    guardFlowDelete(r, found);
    const ids = found.map((x) => Number(x.id));
    const chunks: number[][] = [];
    for (let i = 0; i < ids.length; i += 500) chunks.push(ids.slice(i, i + 500));
    const guard = writeGuardOf(r);
    if (guard) await guard.beforeDelete(this.db, this.actor, await this.rows(r, [inList("id", ids)]));
    // Check every chunk before deleting any, so a refused delete leaves everything in place.
    for (const part of chunks) {
      const uses = await usedBy(this.db, r, part);
      if (uses.length) throw inUse(uses);
    }
    return this.audited(r, async (store) => {
      let deleted = 0;
      for (const part of chunks) {
        const gone = r.audited ? await store.present(r, await store.rows(r, [inList("id", part)])) : [];
        const res = await whereAll(dynamicDb(store.db).deleteFrom(store.tableOf(r)), [inList("id", part), ...vis.conds]).executeTakeFirst();
        deleted += Number(res.numDeletedRows ?? 0);
        for (const rec of gone) await auditWrite(store.db, store.actor, r, "delete", rec, null);
      }
      return deleted;
    });
  }

  /** A reviewer of `r`: the edit right on its menu (declaration FieldDecl.reviewField). */
  private mayReview(r: ResolvedResource): Promise<boolean> {
    return isAllowed(this.db, this.actor, r, "update");
  }

  private async hashPasswords(r: ResolvedResource, values: Record<string, unknown>): Promise<void> {
    for (const f of r.fields) {
      // Virtual passwords are the handler's to hash (or not): they are never stored here.
      if (f.type === "password" && !f.virtual && typeof values[f.name] === "string") values[f.name] = await hashPassword(values[f.name] as string);
    }
  }

  private asConflict(e: unknown, prefix: string): unknown {
    const field = uniqueViolationField(e);
    if (field === undefined) return e;
    return conflict(field ? { [prefix + field]: { key: "not_unique" } } : undefined);
  }
}
