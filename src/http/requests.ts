// JSON and multipart helpers over the service instances, and the answer envelope of the
// contract: { status, message?, data, recordsTotal?, recordsFiltered?, estimated?, errors? }.
import type { AxiosInstance, AxiosRequestConfig, Method } from "axios";

export interface Envelope<T = unknown> {
  status: boolean;
  message?: string;
  data: T;
  recordsTotal?: number;
  recordsFiltered?: number;
  /** Searches: the counts that are estimates (past a size, after a write; docs/api.md). */
  estimated?: Array<"recordsTotal" | "recordsFiltered">;
  errors?: Record<string, string>;
}

/** An antd Upload entry: the browser File sits in originFileObj. */
interface UploadEntry {
  originFileObj?: Blob;
}

const isBlob = (v: unknown): v is Blob => typeof Blob !== "undefined" && v instanceof Blob;
const uploadedBlob = (v: unknown): Blob | undefined =>
  isBlob(v) ? v : v && typeof v === "object" && isBlob((v as UploadEntry).originFileObj) ? (v as UploadEntry).originFileObj : undefined;

/** True when a value holds a file (a File, an antd Upload entry or a list of them). */
export const holdsFile = (v: unknown): boolean => uploadedBlob(v) !== undefined || (Array.isArray(v) && v.some((x) => uploadedBlob(x) !== undefined));

/**
 * Record → multipart form. Files go under their own field name (the contract's `file`), several
 * files as repeated parts; null/undefined are left out; objects are sent as JSON text.
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    if (holdsFile(value)) {
      for (const item of items) {
        const blob = uploadedBlob(item);
        if (blob) form.append(key, blob, (blob as File).name ?? key);
      }
    } else if (Array.isArray(value)) {
      for (const item of items) form.append(key, typeof item === "object" ? JSON.stringify(item) : String(item));
    } else {
      form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
  }
  return form;
}

/** A JSON request; answers the response body. */
export async function requestJson<T = unknown>(client: AxiosInstance, method: Method, url: string, body?: unknown, config: AxiosRequestConfig = {}): Promise<T> {
  const res = await client.request<T>({
    ...config,
    method,
    url,
    data: body,
    headers: { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...(config.headers as object) },
  });
  return res.data;
}

/** A multipart/form-data request (the browser sets the boundary). */
export async function requestMultipart<T = unknown>(
  client: AxiosInstance,
  method: Method,
  url: string,
  values: Record<string, unknown> | FormData,
  config: AxiosRequestConfig = {},
): Promise<T> {
  const data = values instanceof FormData ? values : toFormData(values);
  const res = await client.request<T>({ ...config, method, url, data });
  return res.data;
}

export const postJson = <T = unknown>(client: AxiosInstance, url: string, body?: unknown, config?: AxiosRequestConfig) => requestJson<T>(client, "POST", url, body ?? {}, config);
export const getJson = <T = unknown>(client: AxiosInstance, url: string, config?: AxiosRequestConfig) => requestJson<T>(client, "GET", url, undefined, config);
