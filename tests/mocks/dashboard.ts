// The legacy dashboard-status search (server/custom/legacy-dashboard.ts) over the mock's rows:
// counts per status of projects, presence rows of a day (WIB; `date` column), panic presses and
// issues, kinds the actor may not read left out, rows limited as the row rule limits them.
import { resourceByName, type ResolvedResource } from "../../declaration";
import { daysOf, wibDate } from "../../server/monitoring/daily";
import { takeColumns, bodyOf } from "../../server/records/computed-search";
import type { Lang } from "../../server/i18n/messages";
import type { MockDb, Row } from "./db";
import { visibleRows, type RowActor, type RowScopes } from "./rowScope";
import { searchRows, type SearchAnswer } from "./search";

const KINDS = { project: "project", presence: "presence", panic_button: "panic-button", issue: "issue" } as const;
type Kind = keyof typeof KINDS;
const optionsOf = (r: ResolvedResource, field: string): readonly string[] => r.fields.find((f) => f.name === field)?.options ?? [];

export function mockDashboardStatus(db: MockDb, actor: RowActor, scopes: RowScopes, body: unknown, lang: Lang, mayRead: (r: ResolvedResource) => boolean): SearchAnswer {
  const { taken, rest } = takeColumns(bodyOf(body), ["kind", "date"]);
  let kinds = Object.keys(KINDS) as Kind[];
  for (const c of taken.filter((x) => x.data === "kind")) {
    if (c.value === undefined || c.value === null || c.value === "") continue;
    const list = Array.isArray(c.value) ? c.value.map(String) : String(c.value).split(",");
    kinds = kinds.filter((k) => list.includes(k));
  }
  const days = daysOf(taken.filter((c) => c.data === "date"));
  const mine = (name: string) => db.rows(name).filter((x) => x.company_id === undefined || x.company_id === db.companyId);
  const out: Row[] = [];
  const count = (kind: Kind, options: readonly string[], values: string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    for (const status of options) out.push({ kind, status, total: counts.get(status) ?? 0 });
    for (const [status, total] of counts) if (status !== "null" && !options.includes(status)) out.push({ kind, status, total });
  };
  for (const kind of kinds) {
    const r = resourceByName(KINDS[kind]);
    if (!mayRead(r)) continue;
    const rows = visibleRows(r, mine(r.name), db, actor, scopes);
    if (kind === "project" || kind === "panic_button")
      count(
        kind,
        optionsOf(r, "status"),
        rows.map((x) => String(x.status)),
      );
    if (kind === "presence") {
      const [from, to] = days.length ? [days[0], days[days.length - 1]] : [wibDate(Date.now()), wibDate(Date.now())];
      count(
        kind,
        optionsOf(r, "presence_status"),
        rows.filter((x) => String(x.presence_date) >= from && String(x.presence_date) <= to).map((x) => String(x.presence_status)),
      );
    }
    if (kind === "issue") {
      const closed = new Set(
        mine("issue-status")
          .filter((s) => s.is_closed === true || s.is_closed === 1)
          .map((s) => Number(s.id)),
      );
      count(
        kind,
        ["open", "closed"],
        rows.map((x) => (closed.has(Number(x.issue_status_id)) ? "closed" : "open")),
      );
    }
  }
  return searchRows(resourceByName("dashboard-status"), out, { paging: { start: 0, length: -1 }, ...rest }, lang);
}
