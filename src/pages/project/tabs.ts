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
