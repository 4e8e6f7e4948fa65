// SPI and CPI over time from the stored health reports (schedule and financial), one point per
// report date, oldest first. With the field labour known (`labourTo`: labour to date), a financial
// report's CPI counts it: earned_value / (actual_cost + labour to its date), its actual_cost
// being the recorded cost as the expenditure is; without, the report's stored CPI.
type Row = Record<string, unknown>;

export interface IndexPoint {
  date: string;
  spi: number | null;
  cpi: number | null;
}

export function indexHistory(schedule: readonly Row[], financial: readonly Row[], labourTo?: (date: string) => number): IndexPoint[] {
  const byDate = new Map<string, IndexPoint>();
  const at = (date: string) => {
    let p = byDate.get(date);
    if (!p) byDate.set(date, (p = { date, spi: null, cpi: null }));
    return p;
  };
  const num = (v: unknown) => (v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v));
  for (const r of schedule) if (r.report_date) at(String(r.report_date)).spi = num(r.spi);
  for (const r of financial) {
    if (!r.report_date) continue;
    const date = String(r.report_date);
    const ev = num(r.earned_value);
    const ac = num(r.actual_cost);
    const cost = labourTo && ev !== null && ac !== null ? ac + labourTo(date) : null;
    at(date).cpi = cost === null ? num(r.cpi) : cost > 0 ? ev! / cost : null;
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
