// The answer envelope of docs/api.md ("Answers: the envelope"): { status, message?, data, recordsTotal?, recordsFiltered? }.

export interface Envelope {
  status: boolean;
  message?: string;
  data?: unknown;
  recordsTotal?: number;
  recordsFiltered?: number;
  errors?: Record<string, string>;
}

/**
 * What a handler may return to control the envelope (paging counts, message, HTTP status).
 * Any other return value becomes `{ status: true, data: value }`.
 */
export class Answer {
  constructor(
    readonly body: Envelope,
    readonly statusCode = 200,
  ) {}
}

export const ok = (data: unknown, extra: Omit<Envelope, "status" | "data"> = {}, statusCode = 200): Answer =>
  new Answer({ status: true, ...extra, data }, statusCode);

export const page = (data: unknown[], recordsTotal: number, recordsFiltered: number, message?: string): Answer =>
  new Answer({ status: true, ...(message ? { message } : {}), data, recordsTotal, recordsFiltered });
