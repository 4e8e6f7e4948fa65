// The overview: status, dates, progress against time elapsed, budget against spent, open issues
// and risks by severity, next milestones, overdue approvals and the people, each linking to its tab.
import { useMemo, type ReactNode } from "react";
import { Card, Col, List, Progress, Row, Space, Spin, Statistic, Tag, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { Link } from "react-router";
import { dayOfLocalDate, isoOfDay } from "../../../../lib/calendarDays";
import { formatDate, formatMoney } from "../../../../lib/format";
import { useCurrency } from "../../../../crud/useCurrency";
import { useLang } from "../../../../crud/useCrud";
import { useProjectIssues } from "../issues/useProjectIssues";
import { useAllRows, useProjectRows } from "../../hooks/useProjectRows";
import { overviewFigures, RISK_LEVELS, SEVERITIES } from "../../model/overview";
import { tabPath, type ProjectTab } from "../../tabs";

type RowT = Record<string, unknown>;

function Figure({ title, value, to, testId, children }: { title: string; value: ReactNode; to: string; testId: string; children?: ReactNode }) {
  return (
    <Card size="small" style={{ height: "100%" }}>
      <Link to={to} data-testid={testId}>
        <Statistic title={title} value={value as string} />
      </Link>
      {children}
    </Card>
  );
}

export default function OverviewTab({ projectId, project }: { projectId: string | number; project: RowT }) {
  const t = useTranslate();
  const lang = useLang();
  const currency = useCurrency(true);
  const issues = useProjectIssues(projectId);
  const statuses = useAllRows("issue-status");
  const risks = useProjectRows("project-risks", projectId);
  const milestones = useProjectRows("project-milestone", projectId);
  const approvals = useProjectRows("project-approval", projectId);
  const members = useProjectRows("user-to-proyek", projectId);
  const participants = useProjectRows("project-participants", projectId);
  const expenditures = useProjectRows("project-expenditure", projectId);
  const loading = [issues, statuses, risks, milestones, approvals, members, participants, expenditures].some((x) => x.loading);
  const f = useMemo(
    () =>
      overviewFigures({
        project,
        issues: issues.rows,
        issueStatuses: statuses.rows,
        risks: risks.rows,
        milestones: milestones.rows,
        approvals: approvals.rows,
        members: members.rows,
        participants: participants.rows,
        expenditures: expenditures.rows,
        today: isoOfDay(dayOfLocalDate(new Date())),
      }),
    [project, issues.rows, statuses.rows, risks.rows, milestones.rows, approvals.rows, members.rows, participants.rows, expenditures.rows],
  );
  if (loading) return <Spin />;
  const to = (tab: ProjectTab) => tabPath(projectId, tab);
  const money = (v: unknown) => formatMoney(v, lang, currency);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card size="small" title={t("project.overview.progress")}>
          <Space direction="vertical" style={{ width: "100%" }}>
            <Typography.Text>
              {t("project.overview.status")}: <Tag color="blue">{t(`enums.status.${String(project.status)}`)}</Tag> {formatDate(project.start_date)} –{" "}
              {formatDate(project.end_date)}
            </Typography.Text>
            <Typography.Text>{t("project.overview.workDone")}</Typography.Text>
            <Progress percent={Math.round(f.progress)} data-testid="overview-progress" aria-label={t("project.overview.workDone")} />
            <Typography.Text>{t("project.overview.timeElapsed")}</Typography.Text>
            <Progress percent={Math.round(f.timeElapsed ?? 0)} strokeColor="#8c8c8c" data-testid="overview-time" aria-label={t("project.overview.timeElapsed")} />
            <Link to={to("health")}>{t("project.overview.seeHealth")}</Link>
          </Space>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card size="small" title={t("project.overview.money")}>
          <Space direction="vertical" style={{ width: "100%" }}>
            <Link to={to("money")} data-testid="overview-spent">
              <Statistic title={t("project.overview.spent")} value={money(f.spent)} />
            </Link>
            <Typography.Text type="secondary" data-testid="overview-budget">
              {t("project.overview.budget")}: {f.budget === null ? t("common.missing") : money(f.budget)}
            </Typography.Text>
            {f.spentPercent !== null ? (
              <Progress percent={Math.round(f.spentPercent)} status={f.spentPercent > 100 ? "exception" : "normal"} aria-label={t("project.overview.spent")} />
            ) : null}
          </Space>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Figure title={t("project.overview.openIssues")} value={f.openIssues} to={to("issues")} testId="overview-open-issues">
          <Space wrap size={4}>
            {SEVERITIES.map((s) => (
              <Tag key={s} data-testid={`overview-issues-${s}`}>
                {t(`enums.priority.${s}`)}: {f.openIssuesBy[s]}
              </Tag>
            ))}
          </Space>
        </Figure>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Figure title={t("project.overview.openRisks")} value={f.openRisks} to={to("risks")} testId="overview-open-risks">
          <Space wrap size={4}>
            {RISK_LEVELS.map((s) => (
              <Tag key={s} data-testid={`overview-risks-${s}`}>
                {t(`project.overview.impact.${s}`)}: {f.openRisksBy[s]}
              </Tag>
            ))}
          </Space>
        </Figure>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Figure title={t("project.overview.overdueApprovals")} value={f.overdueApprovals} to={to("approvals")} testId="overview-overdue-approvals">
          <Typography.Text type="secondary">{t("project.overview.pending", { count: f.pendingApprovals })}</Typography.Text>
        </Figure>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Figure title={t("project.overview.people")} value={f.people} to={to("participants")} testId="overview-people" />
      </Col>
      <Col xs={24}>
        <Card size="small" title={<Link to={to("milestones")}>{t("project.overview.nextMilestones", { count: f.plannedMilestones })}</Link>}>
          <List
            size="small"
            dataSource={f.nextMilestones}
            locale={{ emptyText: t("common.empty") }}
            renderItem={(m) => (
              <List.Item>
                <span>{String(m.title)}</span>
                <span>{formatDate(m.due_date)}</span>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
