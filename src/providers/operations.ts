// Custom operations by resource and operation name, through the data provider (`custom` with
// meta { resource, operation, params }: method and path from the declaration), answering the
// type declaration/answers.ts gives the operation. Bespoke pages call operations this way, not
// with hand-built URLs; an operation name the map does not list fails to compile.
import { useCustom, useCustomMutation, type BaseRecord, type HttpError, type UseCustomProps } from "@refinedev/core";
import { RESOURCE_BY_NAME, findCustom, type ResolvedOperation } from "../../declaration";
import type { AnswerOf, OperationName, OperationResource } from "../../declaration/answers";
import type { Envelope } from "../http/requests";
import { dataProvider, type RequestExtras } from "./dataProvider";

export type { AnswerOf, OperationName, OperationResource };

type Method = "get" | "delete" | "post" | "put" | "patch";

export interface OperationCall {
  /** Path parameters by name ({project_id} → params.project_id). */
  params?: Record<string, string | number>;
  /** The query string (GET list-by-X, get-data). */
  query?: Record<string, unknown>;
  /** The JSON body (POST search, total), or the fields and files of a multipart operation. */
  payload?: unknown;
  /** Upload progress and cancelling (callOperation only); a network failure the caller handles (both). */
  request?: Pick<RequestExtras, "onUploadProgress" | "signal" | "networkFailureHandled">;
}

/** The declared operation: an operation the map lists but the declaration lacks is a bug here. */
function declared(resource: OperationResource, operation: string): ResolvedOperation {
  const r = RESOURCE_BY_NAME.get(resource);
  const op = r && findCustom(r, operation);
  if (!op) throw new Error(`${resource} declares no operation "${operation}" (declaration/answers.ts lists it)`);
  return op;
}

const requestOf = (resource: OperationResource, operation: string, call: OperationCall) => {
  const op = declared(resource, operation);
  return {
    // Refine keys its cache by url, method, query, payload and meta: the path tells calls apart.
    url: op.path,
    method: op.method.toLowerCase() as Method,
    meta: { resource, operation, params: call.params ?? {} },
  };
};

/** Calls an operation outside React (loaders, helpers): its typed answer, or the HttpError. */
export async function callOperation<R extends OperationResource, O extends OperationName<R>>(resource: R, operation: O, call: OperationCall = {}): Promise<AnswerOf<R, O>> {
  return (await callOperationEnvelope(resource, operation, call)).data;
}

/** Like callOperation, but the whole answer envelope (`status`, `data`, `message`, totals), for
 *  rules that read the answer's own status (the map's searches). A `status: false` answer still
 *  arrives as the HttpError, as with callOperation. */
export async function callOperationEnvelope<R extends OperationResource, O extends OperationName<R>>(
  resource: R,
  operation: O,
  call: OperationCall = {},
): Promise<Envelope<AnswerOf<R, O>>> {
  const req = requestOf(resource, operation, call);
  const res = await dataProvider.custom!({ ...req, meta: { ...req.meta, request: call.request }, query: call.query, payload: call.payload });
  // The data provider answers a named operation's envelope as it came (dataProvider.custom).
  return res as unknown as Envelope<AnswerOf<R, O>>;
}

/** Calls an operation that answers bytes (a download): the Blob, or the HttpError. */
export async function downloadOperation(resource: string, operation: string, call: Omit<OperationCall, "payload"> = {}): Promise<Blob> {
  const req = requestOf(resource as OperationResource, operation, call);
  const res = await dataProvider.custom!({ ...req, method: "get", meta: { ...req.meta, request: { ...call.request, responseType: "blob" } }, query: call.query });
  return res.data as unknown as Blob;
}

/** How useOperation reads: when, react-query's options (refetchInterval, retry, ...), and who tells
 *  the user about a failure (errorNotification false: the caller does). */
export interface OperationRead {
  enabled?: boolean;
  queryOptions?: Omit<NonNullable<UseCustomProps<BaseRecord, HttpError, unknown, unknown, BaseRecord>["queryOptions"]>, "enabled">;
  errorNotification?: false;
}

/**
 * Reads an operation with Refine's useCustom (cached, refetched like any query, errors shown by
 * the notification provider): `data` is its typed answer, undefined until it has come.
 */
export function useOperation<R extends OperationResource, O extends OperationName<R>>(resource: R, operation: O, call: OperationCall & OperationRead = {}) {
  const { url, method, meta } = requestOf(resource, operation, call);
  const { query } = useCustom<BaseRecord, HttpError>({
    url,
    method,
    config: { query: call.query, payload: call.payload },
    meta: call.request ? { ...meta, request: call.request } : meta,
    queryOptions: { ...call.queryOptions, enabled: call.enabled ?? true },
    ...(call.errorNotification === false ? { errorNotification: false } : {}),
  });
  return { data: query.data?.data as AnswerOf<R, O> | undefined, query };
}

/** Runs an operation that changes data (Refine's useCustomMutation): `run` answers its typed data. */
export function useOperationMutation<R extends OperationResource, O extends OperationName<R>>(resource: R, operation: O) {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const run = async (call: Omit<OperationCall, "query"> = {}): Promise<AnswerOf<R, O>> => {
    const { url, method, meta } = requestOf(resource, operation, call);
    // Refine's mutation type has no "get"; the data provider sends the declared method anyway.
    const res = await mutateAsync({ url, method: method as Exclude<Method, "get">, values: call.payload ?? {}, meta });
    return res.data as AnswerOf<R, O>;
  };
  return { run, mutation };
}
