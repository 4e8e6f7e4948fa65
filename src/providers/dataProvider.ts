// The Refine data provider, driven by the declaration (resources.config.ts → declaration/):
// each Refine call becomes the operation the resource declares, on the service that serves it.
// An operation a resource lacks is never sent: the call fails with OperationNotDeclaredError.
import type { BaseKey, CrudFilter, CrudSort, CustomResponse, DataProvider, MetaQuery, Pagination } from "@refinedev/core";
import { AxiosError, type AxiosRequestConfig, type Method } from "axios";
import { RESOURCE_BY_NAME, fillPath, findCustom, findOp, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { getStoredUser } from "../auth/session";
import { CLIENTS } from "../http/clients";
import { SERVICE_URLS, type ServiceName } from "../http/config";
import { requestJson, requestMultipart, type Envelope } from "../http/requests";
import { i18n } from "../i18n";
import { applyClientSide } from "./dataHelpers/clientSide";
import { OperationNotDeclaredError, toHttpError } from "./dataHelpers/errors";
import { toSearchBody, type SearchBody } from "./dataHelpers/searchBody";
import { searchExtrasOf } from "./dataHelpers/searchExtras";

type Row = Record<string, unknown>;
type Values = Record<string, unknown>;

function resourceOf(name: string | undefined): ResolvedResource {
  const r = name ? RESOURCE_BY_NAME.get(name) : undefined;
  if (!r) throw new OperationNotDeclaredError(String(name), "declaration (unknown resource) and so no");
  return r;
}

/** Path parameters come from the route (Refine puts them into meta) and meta.params. */
const metaValues = (meta?: MetaQuery): Values => ({ ...(meta ?? {}), ...((meta?.params as Values | undefined) ?? {}) });

const urlOf = (r: ResolvedResource, op: ResolvedOperation, values: Values): string => (op.path ? `${r.path}/${fillPath(op, values)}` : r.path);

/** What a caller may add to an operation's request: upload progress, a binary answer, cancelling, a network failure it handles itself. */
export type RequestExtras = Pick<AxiosRequestConfig, "onUploadProgress" | "responseType" | "signal" | "networkFailureHandled">;

/** Sends one declared operation and answers its envelope; `status: false` is a failure too. */
async function send<T = unknown>(
  r: ResolvedResource,
  op: ResolvedOperation,
  opts: { values?: Values; body?: unknown; query?: Values; request?: RequestExtras } = {},
): Promise<Envelope<T>> {
  const client = CLIENTS[r.service];
  const url = urlOf(r, op, opts.values ?? {});
  const config: AxiosRequestConfig = { ...(opts.query ? { params: opts.query } : {}), ...(opts.request ?? {}) };
  const hasBody = op.method === "POST" || op.method === "PUT";
  const env = await (
    op.multipart && hasBody
      ? requestMultipart<Envelope<T>>(client, op.method, url, (opts.body ?? {}) as Values, config)
      : requestJson<Envelope<T>>(client, op.method, url, hasBody ? (opts.body ?? {}) : undefined, config)
  ).catch(readBinaryFailure);
  if (env && typeof env === "object" && env.status === false) throw refusedInEnvelope(env);
  return env;
}

/** A failure answered with a success status: like a 400, with the envelope's key and words. */
const refusedInEnvelope = (env: Envelope<unknown> & { key?: unknown }) => ({
  message: env.message || i18n.t("errors.unknown"),
  statusCode: 400,
  errors: env.errors,
  ...(typeof env.key === "string" ? { key: env.key } : {}),
});

/** A Blob's text (FileReader where Blob.text is missing: jsdom's, in the web tests). */
const blobText = (blob: Blob): Promise<string> =>
  typeof blob.text === "function"
    ? blob.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(blob);
      });

/**
 * A refused download answers its error envelope as bytes (the request asked for a Blob): read
 * it back into JSON, so its key and message reach the user like any other failure's.
 */
async function readBinaryFailure(error: unknown): Promise<never> {
  const data = error instanceof AxiosError ? error.response?.data : undefined;
  if (error instanceof AxiosError && error.response && typeof Blob !== "undefined" && data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await blobText(data));
    } catch {
      error.response.data = undefined; // not JSON (a proxy's page): no words of the server's
    }
  }
  throw error;
}

const rowsOf = (env: Envelope<unknown>): Row[] => (Array.isArray(env?.data) ? (env.data as Row[]) : []);

interface ListArgs {
  pagination?: Pagination;
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  meta?: MetaQuery;
}

/** A page of records, its total, and whether the total is an estimate (the list says "about"). */
interface ListResult {
  data: Row[];
  total: number;
  totalEstimated?: true;
}

async function listRecords(r: ResolvedResource, a: ListArgs): Promise<ListResult> {
  const named = a.meta?.operation as string | undefined;
  const op = named ? findCustom(r, named) : (findOp(r, "search") ?? findOp(r, "list"));
  if (!op) throw new OperationNotDeclaredError(r.name, named ? `"${named}"` : "search or list");
  if (op.kind === "search") {
    const body: SearchBody & Record<string, unknown> = { ...toSearchBody(a), ...searchExtrasOf(r.name) };
    const env = await send(r, op, { values: metaValues(a.meta), body });
    const data = rowsOf(env);
    const counted = env.recordsFiltered !== undefined ? "recordsFiltered" : env.recordsTotal !== undefined ? "recordsTotal" : null;
    const total = counted ? (env[counted] as number) : data.length;
    return counted && env.estimated?.includes(counted) ? { data, total, totalEstimated: true } : { data, total };
  }
  if (op.method !== "GET") throw new OperationNotDeclaredError(r.name, `list-like "${op.name}" (GET)`);
  // GET R/list (or a list-by-X): everything at once; filter, sort and page here.
  const env = await send(r, op, { values: metaValues(a.meta), query: a.meta?.query as Values | undefined });
  return applyClientSide(rowsOf(env), a);
}

async function readOne(r: ResolvedResource, id: BaseKey, meta?: MetaQuery): Promise<Row> {
  const one = findOp(r, "one");
  if (one) return (await send<Row>(r, one, { values: { ...metaValues(meta), id } })).data;
  const eqId: CrudFilter[] = [{ field: "id", operator: "eq", value: id }];
  let rows: Row[];
  if (findOp(r, "search")) {
    rows = (await listRecords(r, { filters: eqId, pagination: { currentPage: 1, pageSize: 1 }, meta: { ...meta, operation: undefined } })).data;
  } else if (findOp(r, "list")) {
    rows = (await listRecords(r, { filters: eqId, pagination: { mode: "off" }, meta: { ...meta, operation: undefined } })).data;
  } else {
    throw new OperationNotDeclaredError(r.name, "one-record read, search or list");
  }
  if (!rows[0]) throw { message: i18n.t("errors.notFound"), statusCode: 404, key: "not_found" };
  return rows[0];
}

/** Wraps each call so every failure reaches Refine as an HttpError. */
const guarded =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (e) {
      throw toHttpError(e);
    }
  };

export const dataProvider: DataProvider = {
  getApiUrl: () => SERVICE_URLS.api,

  getList: guarded(async ({ resource, pagination, filters, sorters, meta }) => {
    const { data, ...counted } = await listRecords(resourceOf(resource), { pagination, filters, sorters, meta });
    return { data: data as never[], ...counted };
  }),

  getOne: guarded(async ({ resource, id, meta }) => ({ data: (await readOne(resourceOf(resource), id, meta)) as never })),

  getMany: guarded(async ({ resource, ids, meta }) => {
    const r = resourceOf(resource);
    const plainMeta = { ...meta, operation: undefined };
    if (ids.length === 0) return { data: [] };
    if (findOp(r, "search")) {
      const filters: CrudFilter[] = [{ field: "id", operator: "in", value: ids }];
      const { data } = await listRecords(r, { filters, pagination: { currentPage: 1, pageSize: ids.length }, meta: plainMeta });
      return { data: data as never[] };
    }
    if (findOp(r, "list")) {
      const filters: CrudFilter[] = [{ field: "id", operator: "in", value: ids }];
      return { data: (await listRecords(r, { filters, pagination: { mode: "off" }, meta: plainMeta })).data as never[] };
    }
    if (findOp(r, "one")) return { data: (await Promise.all(ids.map((id) => readOne(r, id, meta)))) as never[] };
    throw new OperationNotDeclaredError(r.name, "search, list or one-record read");
  }),

  create: guarded(async ({ resource, variables, meta }) => {
    const r = resourceOf(resource);
    const op = findOp(r, "create");
    if (!op) throw new OperationNotDeclaredError(r.name, "create (add/upload)");
    // multipart ops (upload) turn File values into a multipart form; the others send JSON.
    return { data: (await send(r, op, { values: metaValues(meta), body: variables })).data as never };
  }),

  update: guarded(async ({ resource, id, variables, meta }) => {
    const r = resourceOf(resource);
    const op = findOp(r, "update");
    if (!op) throw new OperationNotDeclaredError(r.name, "update");
    return { data: (await send(r, op, { values: { ...metaValues(meta), id }, body: variables })).data as never };
  }),

  deleteOne: guarded(async ({ resource, id, meta }) => {
    const r = resourceOf(resource);
    const op = findOp(r, "delete");
    if (!op) throw new OperationNotDeclaredError(r.name, "delete");
    // Two-key paths (delete/{company_id}/{id}, delete/{user_id}/{project_id}) are filled from
    // the record (meta.record), the route and the signed-in user's company.
    // The id asked for wins over the route's (a list inside a record's page: /project/show/2).
    const values: Values = {
      company_id: getStoredUser()?.company_id ?? undefined,
      ...((meta?.record as Values | undefined) ?? {}),
      ...metaValues(meta),
      id,
    };
    const env = await send(r, op, { values });
    return { data: (env.data ?? { id }) as never };
  }),

  custom: guarded(async ({ url, method, payload, query, headers, meta }) => {
    const name = meta?.operation as string | undefined;
    if (name) {
      // A declared operation by name: method and path from the declaration.
      const r = resourceOf(meta?.resource as string | undefined);
      const op = findCustom(r, name);
      if (!op) throw new OperationNotDeclaredError(r.name, `"${name}"`);
      const request = meta?.request as RequestExtras | undefined;
      const env = await send(r, op, { values: { ...((meta?.params as Values | undefined) ?? {}) }, body: payload, query: query as Values | undefined, request });
      // A binary answer (a download) is the data itself, not an envelope.
      if (request?.responseType === "blob") return { data: env } as unknown as CustomResponse<never>;
      return env as unknown as CustomResponse<never>;
    }
    // A raw url, on the service meta.service names (default: the project API).
    const client = CLIENTS[(meta?.service as ServiceName | undefined) ?? "api"];
    if (!client) throw new Error(`unknown service "${String(meta?.service)}"`);
    const body = await requestJson<unknown>(client, method.toUpperCase() as Method, url, payload, {
      params: query,
      headers: headers as Record<string, string> | undefined,
    });
    const isEnvelope = !!body && typeof body === "object" && "status" in body && "data" in body;
    if (isEnvelope && (body as Envelope).status === false) throw refusedInEnvelope(body as Envelope);
    return (isEnvelope ? body : { data: body }) as CustomResponse<never>;
  }),
};

export default dataProvider;
