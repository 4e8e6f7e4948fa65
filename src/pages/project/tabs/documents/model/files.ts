// What a file is, as the documents tab shows it: its size in words, whether the browser can
// preview it, and whether an upload fits the company's remaining storage.

import { localeTag } from "../../../../../lib/format";

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** 1536 → "1.5 KB" ("1,5 KB" in Indonesian): binary multiples, one decimal from KB up. */
export function formatBytes(bytes: unknown, lang?: string): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return "-";
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} B`;
  return `${new Intl.NumberFormat(localeTag(lang), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} ${UNITS[unit]}`;
}

export type PreviewKind = "image" | "pdf" | null;

/** Images and PDFs open in the browser; other types download. */
export function previewKind(mime: unknown): PreviewKind {
  const m = String(mime ?? "").toLowerCase();
  if (/^image\/(png|jpe?g|gif|webp|bmp)$/.test(m)) return "image";
  if (m === "application/pdf") return "pdf";
  return null;
}

/** Bytes still free under the quota (null: no quota, no limit). */
export function freeBytes(storage: { used_bytes: number; quota_bytes: number | null } | undefined): number | null {
  if (!storage || storage.quota_bytes === null || storage.quota_bytes === undefined) return null;
  return Math.max(0, storage.quota_bytes - storage.used_bytes);
}

/**
 * Which of the picked files fit the free storage, taken in order (the ones the server would
 * accept one after another); the others are refused before they are sent.
 */
export function splitByQuota<T extends { size: number }>(files: readonly T[], free: number | null): { fits: T[]; over: T[] } {
  if (free === null) return { fits: [...files], over: [] };
  const fits: T[] = [];
  const over: T[] = [];
  let left = free;
  for (const f of files) {
    if (f.size <= left) {
      fits.push(f);
      left -= f.size;
    } else over.push(f);
  }
  return { fits, over };
}
