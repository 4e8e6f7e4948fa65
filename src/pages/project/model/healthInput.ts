// Which plan the health tab measures: the baseline version for planned value (the one marked
// is_baseline, else the first), the latest version for earned value (its activities' progress).
type Row = Record<string, unknown>;

export interface PlanVersions {
  baselineId: number | null;
  currentId: number | null;
}

export function planVersions(versions: readonly Row[]): PlanVersions {
  if (!versions.length) return { baselineId: null, currentId: null };
  const byNo = [...versions].sort((a, b) => Number(a.version_no ?? 0) - Number(b.version_no ?? 0) || Number(a.id) - Number(b.id));
  const baseline = byNo.find((v) => v.is_baseline === true || v.is_baseline === 1) ?? byNo[0];
  const current = byNo[byNo.length - 1];
  return { baselineId: Number(baseline.id), currentId: Number(current.id) };
}
