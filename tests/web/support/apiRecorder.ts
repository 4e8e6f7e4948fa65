// Records every request the app sends and answers from a small route table, so tests assert
// method, path, query, headers and body of each call. A request no route answers gets 599
// (and is still recorded), so a test expecting a different call fails visibly.
import { http, HttpResponse } from "msw";
import { server } from "../msw";

export interface RecordedRequest {
  method: string;
  /** Path with the service prefix, e.g. "/api/divisi/search". */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, or the FormData of a multipart request, or undefined. */
  body: unknown;
  contentType: string;
}

type Answer = unknown | ((req: RecordedRequest) => unknown);
interface Route {
  status: number;
  answer: Answer;
}

export function recordApi(routes: Record<string, Answer | { status: number; body: Answer }> = {}) {
  const calls: RecordedRequest[] = [];
  const table = new Map<string, Route>();
  const add = (key: string, value: Answer | { status: number; body: Answer }) => {
    const v = value as { status?: unknown; body?: Answer };
    if (v && typeof v === "object" && typeof v.status === "number" && "body" in v) table.set(key, { status: v.status, answer: v.body });
    else table.set(key, { status: 200, answer: value });
  };
  for (const [k, v] of Object.entries(routes)) add(k, v);

  server.use(
    http.all("*", async ({ request }) => {
      const url = new URL(request.url);
      const contentType = request.headers.get("content-type") ?? "";
      let body: unknown;
      const raw = request.clone();
      if (contentType.includes("multipart/form-data")) body = await raw.formData();
      else {
        const text = await raw.text();
        body = text ? safeJson(text) : undefined;
      }
      const rec: RecordedRequest = { method: request.method, path: url.pathname, query: url.searchParams, headers: request.headers, body, contentType };
      calls.push(rec);
      const route = table.get(`${request.method} ${url.pathname}`);
      if (!route) return HttpResponse.json({ status: false, message: `no route for ${request.method} ${url.pathname}` }, { status: 599 });
      const payload = typeof route.answer === "function" ? (route.answer as (r: RecordedRequest) => unknown)(rec) : route.answer;
      return HttpResponse.json(payload as never, { status: route.status });
    }),
  );
  return { calls, route: add };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The envelope of the contract. */
export const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ status: true, data, ...extra });
