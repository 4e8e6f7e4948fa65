// The project workspace: one page per project (#/project/show/<id>/<tab>) with a tab per part of
// it; the tab is in the URL, so a link opens it and back/forward move between tabs. A tab reading
// something the role may not list is left out of the bar, and its link shows the no-access page
// in its place (nothing is sent: the server's 403 would end the session).
import { Suspense, type ComponentType } from "react";
import { Spin } from "antd";
import { useOne, useTranslate } from "@refinedev/core";
import { useNavigate, useParams } from "react-router";
import { failedNotification } from "../../crud/notifications";
import { lazyWithTimeout } from "../../lazy/lazyWithTimeout";
import { canAccess } from "../../providers/accessControlProvider";
import { NoAccess } from "../../shell/NoAccess";
import { ProjectHeader } from "./parts/ProjectHeader";
import { TabBar } from "./parts/TabBar";
import { tabAllowed, tabOfPath, tabPath, type ProjectTab } from "./tabs";
import OverviewTab from "./tabs/overview/OverviewTab";
import { ChildListsTab } from "./tabs/ChildListsTab";
import IssuesTab from "./tabs/issues/IssuesTab";
import ApprovalsTab from "./tabs/approvals/ApprovalsTab";
import ParticipantsTab from "./tabs/participants/ParticipantsTab";
import SafetyTab from "./tabs/safety/SafetyTab";
import { BoardTab, PlanTab } from "./tabs/plan/Workspaces";

type Row = Record<string, unknown>;
type TabProps = { projectId: string | number; project: Row };

// The charts (chart.js) and the documents load only with their tab, with the shell's loading
// placeholder, time limit and Retry (a chunk that fails to load says so, not a blank tab).
const HealthTab = lazyWithTimeout(() => import("./tabs/health/HealthTab"));
const DocumentsTab = lazyWithTimeout(() => import("./tabs/documents/DocumentsTab"));

const child = (...resources: string[]) =>
  function ChildTab({ projectId }: TabProps) {
    return <ChildListsTab projectId={projectId} resources={resources} />;
  };

const TABS: Record<ProjectTab, ComponentType<TabProps>> = {
  overview: OverviewTab,
  plan: PlanTab,
  board: BoardTab,
  issues: IssuesTab,
  risks: child("project-risks"),
  milestones: child("project-milestone"),
  approvals: ApprovalsTab,
  checklists: child("project-checklists"),
  participants: ParticipantsTab,
  money: child("project-expenditure", "project-invoice"),
  health: HealthTab,
  documents: ({ projectId }) => <DocumentsTab projectId={projectId} />,
  safety: SafetyTab,
};

export default function ProjectPage() {
  const t = useTranslate();
  const params = useParams();
  const navigate = useNavigate();
  // Record ids are numbers on the wire (project_id in the bodies the tabs send).
  const projectId = /^\d+$/.test(params.id ?? "") ? Number(params.id) : (params.id ?? "");
  const tab = tabOfPath(params["*"]);
  const mayOpen = (which: ProjectTab) => tabAllowed(which, (resource) => canAccess(resource, "list").can);
  const { result: project, query } = useOne<Row>({ resource: "project", id: projectId, errorNotification: failedNotification(t, "loadFailed") });
  const Tab = TABS[tab];
  return (
    <div>
      <ProjectHeader project={project} loading={query.isLoading} />
      <TabBar active={tab} allowed={mayOpen} onChange={(next) => navigate(tabPath(projectId, next))} />
      {!mayOpen(tab) ? (
        <NoAccess />
      ) : project ? (
        <Suspense fallback={<Spin />}>
          <Tab key={tab} projectId={projectId} project={project} />
        </Suspense>
      ) : query.isLoading ? (
        <Spin />
      ) : null}
    </div>
  );
}
