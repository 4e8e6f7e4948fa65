// Planning: Gantt, issues, kanban (resources.config.ts lists every group).
import type { ResourceDecl } from "../types";
import { color, CRUD_OPS, description, order, projectRef, SEVERITY, userRef } from "./shared";

/**
 * A kanban card's statuses in board order: the board's columns, left to right. Declared once: the
 * field's options, the server's get-data columns and the web app's board all read this list.
 */
export const KANBAN_CARD_STATUSES = ["todo", "in_progress", "review", "done"] as const;

export const planningResources: ResourceDecl[] = [
  {
    name: "version-gantt",
    handlers: "gantt-plan",
    scope: "company",
    group: "projects",
    icon: "BarsOutlined",
    labelField: "name",
    parent: { field: "project_id", resource: "project" },
    pages: { list: "gantt" },
    // save-plan/{id}: the Gantt writes a version's whole plan (its activities) at once, checked
    // against the revision it was read at (409 when another save came first): the spec gives
    // `activity` only `search`, and `update/{id}` cannot carry a plan or refuse a stale copy.
    operations: [...CRUD_OPS, { name: "savePlan", method: "PUT", path: "save-plan/{id}", right: "update" }],
    beyondSpec: ["save-plan/{id}"],
    fields: [
      projectRef,
      { name: "name", type: "string", required: true },
      { name: "version_no", type: "integer", min: 1, default: 1 },
      // Bumped by every save-plan; a save names the revision it read (optimistic concurrency).
      { name: "revision", type: "integer", serverOwned: true, list: false },
      { name: "is_baseline", type: "boolean", default: false },
      { name: "start_date", type: "date" },
      { name: "end_date", type: "date" },
      description,
    ],
  },
  {
    name: "template-gantt",
    handlers: "trees",
    access: "version-gantt",
    scope: "company",
    labelField: "name",
    // search: the Gantt offers the company's templates to start a version from; the spec has no list of them.
    operations: ["add", "update/{id}", "delete/{id}", "get-tree/{id}", "search"],
    beyondSpec: ["search"],
    fields: [{ name: "name", type: "string", required: true }, { name: "project_type_id", type: "ref", ref: "project-type" }, description, { name: "structure", type: "json" }],
  },
  {
    name: "activity",
    scope: "company",
    group: "projects",
    icon: "NodeExpandOutlined",
    labelField: "name",
    parent: { field: "project_id", resource: "project" },
    operations: ["search"],
    defaultSort: { field: "order", order: "asc" },
    fields: [
      projectRef,
      { name: "version_gantt_id", type: "ref", ref: "version-gantt", required: true },
      { name: "parent_id", type: "ref", ref: "activity" },
      { name: "code", type: "string", maxLength: 32 },
      { name: "name", type: "string", required: true },
      { name: "type", type: "enum", options: ["task", "summary", "milestone"], required: true, default: "task" },
      { name: "start_date", type: "date", required: true },
      { name: "end_date", type: "date", required: true },
      { name: "work_duration", type: "integer", min: 0, unit: "days" },
      { name: "progress", type: "percent", min: 0, max: 100, default: 0 },
      { name: "weight", type: "percent", min: 0, max: 100, list: false },
      order,
      { name: "predecessors", type: "json" },
    ],
  },
  {
    name: "user-to-activity",
    access: "activity",
    scope: "company",
    labelField: "user_id",
    // search: beyond the spec, a person's activities on their page.
    operations: ["add", "delete/{id}", "search"],
    beyondSpec: ["search"],
    fields: [userRef, { name: "activity_id", type: "ref", ref: "activity", required: true }],
  },
  {
    name: "user-to-version-gantt",
    access: "version-gantt",
    scope: "company",
    labelField: "user_id",
    operations: ["add", "add-multiple", "search"],
    // A person is a member of a version once.
    uniqueKey: ["version_gantt_id", "user_id"],
    fields: [
      { name: "version_gantt_id", type: "ref", ref: "version-gantt", required: true },
      userRef,
      { name: "permission", type: "enum", options: ["view", "edit"], required: true, default: "view" },
    ],
  },
  {
    name: "issue",
    handlers: "planning",
    scope: "company",
    group: "projects",
    icon: "BugOutlined",
    labelField: "title",
    parent: { field: "project_id", resource: "project" },
    ownerField: "reporter_id",
    operations: ["search", "list-by-gantt", "list-by-project", "add", "update/{id}", "delete/{id}"],
    // Beyond the spec: the project workspace edits an issue (its status, assignee).
    beyondSpec: ["update/{id}"],
    defaultSort: { field: "report_date", order: "desc" },
    fields: [
      projectRef,
      { name: "version_gantt_id", type: "ref", ref: "version-gantt" },
      { name: "activity_id", type: "ref", ref: "activity" },
      { name: "title", type: "string", required: true },
      description,
      { name: "issue_status_id", type: "ref", ref: "issue-status", required: true },
      { name: "priority", type: "enum", options: SEVERITY, required: true, default: "medium" },
      { name: "assignee_id", type: "ref", ref: "human-resource" },
      { name: "reporter_id", type: "ref", ref: "human-resource", serverOwned: true },
      { name: "report_date", type: "date", required: true },
      { name: "due_date", type: "date" },
      { name: "image", type: "image", accept: "image/*", list: false },
    ],
  },
  {
    name: "issue-status",
    audited: "deletes",
    access: "authenticated",
    scope: "platform",
    labelField: "name",
    // The base seed's statuses (server/seed/base.ts) read in the user's language.
    seededLabels: "issueStatuses",
    operations: ["list"],
    fields: [{ name: "name", type: "string", required: true, unique: true }, color, order, { name: "is_closed", type: "boolean", default: false }],
  },
  {
    name: "issue-reply",
    access: "issue",
    scope: "company",
    labelField: "message",
    ownerField: "user_id",
    operations: ["list", "add"],
    fields: [
      { name: "issue_id", type: "ref", ref: "issue", required: true },
      { name: "message", type: "text", required: true, list: true },
      { name: "attachment", type: "file", list: false },
      { name: "user_id", type: "ref", ref: "human-resource", serverOwned: true },
    ],
  },
  {
    name: "kanban-board",
    scope: "company",
    group: "projects",
    icon: "ProjectOutlined",
    labelField: "name",
    operations: ["list", "add", "update/{id}", "delete/{id}"],
    pages: { list: "kanban" },
    fields: [projectRef, { name: "name", type: "string", required: true }, description, order, color],
  },
  {
    name: "kanban-card",
    handlers: "kanban",
    access: "kanban-board",
    scope: "company",
    labelField: "title",
    operations: ["add", "get-data", "update/{id}"],
    // Users add cards on the board; the spec lists only get-data and update for kanban-card.
    beyondSpec: ["add"],
    fields: [
      { name: "kanban_board_id", type: "ref", ref: "kanban-board", required: true },
      { name: "title", type: "string", required: true },
      description,
      { name: "status", type: "enum", options: KANBAN_CARD_STATUSES, required: true, default: "todo" },
      { name: "position", type: "integer", min: 0, default: 0 },
      { name: "assignee_id", type: "ref", ref: "human-resource" },
      { name: "activity_id", type: "ref", ref: "activity" },
      { name: "due_date", type: "date" },
      color,
    ],
  },
  {
    name: "task",
    handlers: "tasks",
    access: "authenticated",
    scope: "none",
    group: "projects",
    icon: "CarryOutOutlined",
    labelField: "name",
    operations: [""],
    fields: [
      { name: "activity_id", type: "ref", ref: "activity" },
      { name: "name", type: "string" },
      { name: "project_id", type: "ref", ref: "project" },
      { name: "start_date", type: "date" },
      { name: "end_date", type: "date" },
      { name: "progress", type: "percent" },
    ],
  },
  {
    name: "folder-document-proyek",
    handlers: "trees",
    access: "project",
    scope: "company",
    labelField: "name",
    parent: { field: "project_id", resource: "project" },
    operations: ["add", "delete/{project_id}/{id}", "get-tree/{project_id}"],
    fields: [projectRef, { name: "parent_id", type: "ref", ref: "folder-document-proyek" }, { name: "name", type: "string", required: true }, color],
  },
  {
    name: "document-project",
    handlers: "files-documents",
    access: "project",
    scope: "company",
    labelField: "name",
    parent: { field: "project_id", resource: "project" },
    ownerField: "uploaded_by",
    operations: ["upload", "download/{project_id}/{id}", "delete/{project_id}/{id}"],
    fields: [
      projectRef,
      { name: "folder_id", type: "ref", ref: "folder-document-proyek" },
      { name: "name", type: "string", serverOwned: true },
      { name: "file", type: "file", required: true },
      { name: "mime", type: "string", serverOwned: true },
      { name: "size", type: "integer", serverOwned: true },
      description,
      { name: "uploaded_by", type: "ref", ref: "human-resource", serverOwned: true },
    ],
  },
  {
    name: "hierarchy-ftths",
    handlers: "trees",
    scope: "company",
    group: "projects",
    icon: "ShareAltOutlined",
    labelField: "name",
    parent: { field: "project_id", resource: "project" },
    operations: ["", "{id}", "tree/{project_id}", "count-tree/{project_id}"],
    fields: [
      projectRef,
      { name: "parent_id", type: "ref", ref: "hierarchy-ftths" },
      { name: "level", type: "enum", options: ["olt", "odc", "odp", "ont"], required: true },
      { name: "code", type: "string", required: true, maxLength: 32 },
      { name: "name", type: "string", required: true },
      { name: "capacity", type: "integer", min: 0 },
      { name: "used_ports", type: "integer", min: 0 },
      { name: "status", type: "enum", options: ["planned", "installed", "active"], required: true },
      { name: "address", type: "text" },
      { name: "location", type: "geo" },
    ],
  },
];

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    "template-gantt": { getTree: TemplateNode[] };
    "version-gantt": { savePlan: SavedPlan };
    /** One member record per item, `existing` when the person was a member already. */
    "user-to-version-gantt": { addMultiple: PairRecord[] };
    "folder-document-proyek": { getTree: Array<TreeNode<FolderNode>> };
    /** The stored document record (upload is multipart: the file and the record's fields). */
    "document-project": { upload: AnswerRecord };
    "hierarchy-ftths": { tree: Array<TreeNode<AnswerRecord>>; countTree: CountTree };
    "kanban-card": { getData: KanbanColumn[] };
    issue: { listByProject: AnswerRecord[]; listByGantt: AnswerRecord[] };
  }
}
