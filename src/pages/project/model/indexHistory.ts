// SPI and CPI over time from the stored health reports (schedule and financial), one point per
// report date, oldest first.
type Row = Record<string, unknown>;

export interface IndexPoint {
  date: string;
  spi: number | null;
  cpi: number | null;
}

export function indexHistory(schedule: readonly Row[], financial: readonly Row[]): IndexPoint[] {
  const byDate = new Map<string, IndexPoint>();
  const at = (date: string) => {
    let p = byDate.get(date);
    if (!p) byDate.set(date, (p = { date, spi: null, cpi: null }));
    return p;
  };
  const num = (v: unknown) => (v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v));
  for (const r of schedule) if (r.report_date) at(String(r.report_date)).spi = num(r.spi);
  for (const r of financial) if (r.report_date) at(String(r.report_date)).cpi = num(r.cpi);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
