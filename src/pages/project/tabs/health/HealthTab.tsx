// Schedule and financial health, computed by the project from the plan and the money: PV from
// the baseline version's activities and weights, EV from the latest version's progress, AC from
// expenditure plus the field labour (project labour-cost/{id}, asked only by who may see pay:
// canOperate; others get AC from expenditure alone, said so); SPI, CPI, the estimate at completion
// and a verdict with its reasons; PV/EV/AC and SPI/CPI over time as charts. This module (and
// chart.js) loads only with the tab.
import { useMemo } from "react";
import { Alert, Card, Col, Empty, Row, Spin, Statistic, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { dayOfLocalDate, isoOfDay } from "../../../../lib/calendarDays";
import { formatMoney, formatNumber } from "../../../../lib/format";
import { useCurrency } from "../../../../crud/useCurrency";
import { useLang } from "../../../../crud/useCrud";
import { useOperation } from "../../../../providers/operations";
import { canOperate } from "../../../../providers/operationAccess";
import { useProjectRows } from "../../hooks/useProjectRows";
import { earnedValue, earnedValueSeries, labourToDate, type Expenditure, type PlanActivity, type Reason } from "../../model/earnedValue";
import { planVersions } from "../../model/healthInput";
import { indexHistory } from "../../model/indexHistory";
import { IndexChart, ValueChart } from "./HealthCharts";

type RowT = Record<string, unknown>;

const VERDICT_TYPE = { on_track: "success", at_risk: "warning", behind_schedule: "error", over_budget: "error" } as const;

export default function HealthTab({ projectId, project }: { projectId: string | number; project: RowT }) {
  const t = useTranslate();
  const lang = useLang();
  const currency = useCurrency(true);
  const versions = useProjectRows("version-gantt", projectId);
  const { baselineId, currentId } = planVersions(versions.rows);
  const baseline = useProjectRows("activity", projectId, [{ field: "version_gantt_id", operator: "eq", value: baselineId }], baselineId !== null);
  const current = useProjectRows("activity", projectId, [{ field: "version_gantt_id", operator: "eq", value: currentId }], currentId !== null && currentId !== baselineId);
  const expenditures = useProjectRows("project-expenditure", projectId);
  const financial = useProjectRows("project-financial-health", projectId);
  const schedule = useProjectRows("project-schedule-health", projectId);
  // Field labour: wages behind it, so only for who may see pay (a refused request would sign out).
  const mayLabour = canOperate("project", "labourCost").can;
  const labourCall = useOperation("project", "labourCost", { params: { id: projectId }, enabled: mayLabour });
  const labour = mayLabour ? labourCall.data : undefined;
  const loading = [versions, baseline, current, expenditures, financial, schedule].some((x) => x.loading) || (mayLabour && labourCall.query.isLoading);
  const today = isoOfDay(dayOfLocalDate(new Date()));

  const result = useMemo(() => {
    if (!baseline.rows.length) return null;
    const input = {
      baseline: baseline.rows as unknown as PlanActivity[],
      current: currentId !== baselineId && current.rows.length ? (current.rows as unknown as PlanActivity[]) : undefined,
      budget: project.budget as number | null,
      expenditures: expenditures.rows as unknown as Expenditure[],
      labour: labour?.days,
      asOf: today,
    };
    const starts = baseline.rows.map((a) => String(a.start_date)).sort();
    const ends = baseline.rows.map((a) => String(a.end_date)).sort();
    const from = starts[0] ?? String(project.start_date);
    const to = [ends[ends.length - 1] ?? String(project.end_date), today].sort()[1];
    const earnedPoints = financial.rows.map((r) => ({ date: String(r.report_date), value: Number(r.earned_value) }));
    return { status: earnedValue(input), series: earnedValueSeries({ ...input, from, to, stepDays: 14, earnedPoints }) };
  }, [baseline.rows, current.rows, currentId, baselineId, project, expenditures.rows, labour, financial.rows, today]);
  const indices = useMemo(() => indexHistory(schedule.rows, financial.rows, labour ? labourToDate(labour.days) : undefined), [schedule.rows, financial.rows, labour]);

  if (loading) return <Spin />;
  const money = (v: number | null) => (v === null ? t("common.missing") : formatMoney(v, lang, currency));
  const index = (v: number | null) => (v === null ? t("common.missing") : formatNumber(v, lang, 2));
  const reasonText = (r: Reason) =>
    t(`project.health.reasons.${r.code}`, {
      index: r.index === undefined ? "" : formatNumber(r.index, lang, 2),
      threshold: r.threshold === undefined ? "" : formatNumber(r.threshold, lang, 2),
    });
  if (!result) return <Empty description={t("project.health.noPlan")} />;
  const s = result.status;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Alert
          type={VERDICT_TYPE[s.verdict.code]}
          showIcon
          data-testid="health-verdict"
          message={t(`project.health.verdicts.${s.verdict.code}`)}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {s.verdict.reasons.map((r) => (
                <li key={r.code}>{reasonText(r)}</li>
              ))}
            </ul>
          }
        />
      </Col>
      {(
        [
          ["spi", index(s.spi)],
          ["cpi", index(s.cpi)],
          ["eac", money(s.eac)],
          ["bac", money(s.bac)],
          ["pv", money(s.pv)],
          ["ev", money(s.ev)],
          ["cv", money(s.cv)],
          ["vac", money(s.vac)],
        ] as const
      ).map(([key, value]) => (
        // Money takes the whole width of a phone and half of a tablet's (a rupiah figure does not fit less).
        <Col key={key} xs={key === "spi" || key === "cpi" ? 12 : 24} sm={12} xl={6}>
          <Card size="small">
            <Statistic title={t(`project.health.${key}`)} value={value} />
          </Card>
        </Col>
      ))}
      {/* Actual cost and, for who may see pay, its two parts: expenditure and field labour. */}
      {(
        [
          ["ac", money(s.ac), undefined],
          ...(s.acLabour === null
            ? []
            : [
                ["acExpenditure", money(s.acExpenditure), undefined],
                ["acLabour", money(s.acLabour), labour?.unpriced_people ? t("project.health.unpriced", { count: labour.unpriced_people }) : undefined],
              ]),
        ] as Array<[string, string, string | undefined]>
      ).map(([key, value, note]) => (
        <Col key={key} xs={24} sm={s.acLabour === null ? 12 : 24} xl={s.acLabour === null ? 6 : 8}>
          <Card size="small" data-testid={`health-${key}`}>
            <Statistic title={t(`project.health.${key}`)} value={value} />
            {note ? (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {note}
              </Typography.Text>
            ) : null}
          </Card>
        </Col>
      ))}
      <Col xs={24} lg={14}>
        <Card size="small" title={t("project.health.valueChart")}>
          <div style={{ height: 300 }}>
            <ValueChart points={result.series} t={t} money={(v) => formatMoney(v, lang, currency)} />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t("project.health.indexChart")}>
          {indices.length ? (
            <div style={{ height: 300 }}>
              <IndexChart points={indices} t={t} />
            </div>
          ) : (
            <Empty description={t("common.empty")} />
          )}
        </Card>
      </Col>
      <Col xs={24}>
        <Typography.Text type="secondary">{t(s.acLabour === null ? "project.health.how" : "project.health.howWithLabour")}</Typography.Text>
      </Col>
    </Row>
  );
}
