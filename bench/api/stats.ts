// Small helpers for the benchmark's figures.

export const quantile = (sorted: readonly number[], q: number): number => {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
};

export function summary(values: readonly number[]): { median: number; p95: number; min: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95), min: s[0], max: s[s.length - 1] };
}

export const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US");
export const fmtMs = (n: number): string => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
export const fmtS = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}
