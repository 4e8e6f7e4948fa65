// The spec's page-load limit: a chunk not loaded after 120000 ms fails with a load error.
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export class PageLoadTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`page chunk not loaded after ${timeoutMs} ms`);
    this.name = "PageLoadTimeoutError";
  }
}

/** Rejects with PageLoadTimeoutError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError(ms)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
