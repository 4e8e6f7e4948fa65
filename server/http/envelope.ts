// The answer envelope of docs/api.md ("Answers: the envelope"): { status, message?, data, recordsTotal?, recordsFiltered?, estimated? }.

export interface Envelope {
  status: boolean;
  message?: string;
  /** On failures: the message key of server/i18n/messages.ts (stable; clients decide by it, not by the text). */
  key?: string;
  /** On failures: details a client may build its own text from (e.g. `in_use`: which resources use the record, how often). */
  details?: unknown;
  data?: unknown;
  recordsTotal?: number;
  recordsFiltered?: number;
  /** Searches: which of the two counts are estimates (server/records/count-estimates.ts); absent when both are exact. */
  estimated?: Array<"recordsTotal" | "recordsFiltered">;
  errors?: Record<string, string>;
}

/**
 * What a handler may return to control the envelope (paging counts, message, HTTP status).
 * Any other return value becomes `{ status: true, data: value }`.
 */
export class Answer<T = unknown> {
  /** The type of `body.data`: compile-time only (never set), so handlers are checked against declaration/answers.ts. */
  declare readonly dataType?: T;
  constructor(
    readonly body: Envelope,
    readonly statusCode = 200,
  ) {}
}

export const ok = <T>(data: T, extra: Omit<Envelope, "status" | "data"> = {}, statusCode = 200): Answer<T> => new Answer({ status: true, ...extra, data }, statusCode);

export const page = <T>(data: T[], recordsTotal: number, recordsFiltered: number, message?: string, estimated?: Envelope["estimated"]): Answer<T[]> =>
  new Answer({ status: true, ...(message ? { message } : {}), data, recordsTotal, recordsFiltered, ...(estimated?.length ? { estimated } : {}) });
