// The workspace's tabs, in order, and their routes: #/project/show/<id>/<tab>; the overview is
// also #/project/show/<id>.
export const PROJECT_TABS = [
  "overview",
  "plan",
  "board",
  "issues",
  "risks",
  "milestones",
  "approvals",
  "checklists",
  "participants",
  "money",
  "health",
  "documents",
  "safety",
] as const;

export type ProjectTab = (typeof PROJECT_TABS)[number];

export const isProjectTab = (s: string | undefined): s is ProjectTab => !!s && (PROJECT_TABS as readonly string[]).includes(s);

/** The tab named by the path below the project's (the overview when none or unknown). */
export const tabOfPath = (rest: string | undefined): ProjectTab => {
  const first = rest?.split("/")[0];
  return isProjectTab(first) ? first : "overview";
};

/** The route of a project's tab. */
export const tabPath = (projectId: string | number, tab: ProjectTab): string => (tab === "overview" ? `/project/show/${projectId}` : `/project/show/${projectId}/${tab}`);

/**
 * The resources each tab reads: the role must hold every one (as it may list it) to open the
 * tab, or a request of the tab would be refused with a 403, which signs the user out.
 */
export const TAB_RESOURCES: Record<ProjectTab, readonly string[]> = {
  overview: ["issue", "project-risks", "project-milestone", "project-approval", "user-to-proyek", "project-participants", "project-expenditure"],
  plan: ["version-gantt", "activity", "issue"],
  board: ["kanban-board", "kanban-card"],
  issues: ["issue", "version-gantt", "project-issues"],
  risks: ["project-risks"],
  milestones: ["project-milestone"],
  approvals: ["project-approval"],
  checklists: ["project-checklists"],
  participants: ["user-to-proyek", "project-participants"],
  money: ["project-expenditure", "project-invoice"],
  health: ["version-gantt", "activity", "project-expenditure", "project-financial-health", "project-schedule-health"],
  documents: ["folder-document-proyek", "document-project"],
  safety: ["project-to-checklist-k3", "report-k3", "user-to-proyek", "permit"],
};

/** Whether a role that may list exactly what `mayList` says may open the tab. */
export const tabAllowed = (tab: ProjectTab, mayList: (resource: string) => boolean): boolean => TAB_RESOURCES[tab].every(mayList);
