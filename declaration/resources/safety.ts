// Safety (K3) & permits (resources.config.ts lists every group).
import type { ResourceDecl } from "../types";
import { APPROVAL, description, order, projectRef, SEVERITY, userRef } from "./shared";

export const safetyResources: ResourceDecl[] = [
  {
    name: "permit",
    scope: "company",
    rowVisibility: { person: "user_id" },
    group: "safety",
    icon: "FileProtectOutlined",
    labelField: "permit_type",
    operations: ["add", "search", "edit/{id}", "delete/{id}", "update/{id}"],
    // Beyond the spec: a reviewer approves or rejects (status is a review field).
    beyondSpec: ["update/{id}"],
    // Pending until a reviewer decides it, once (the decision is final).
    flow: { field: "status", initial: "pending", actions: {}, reviews: [{ from: ["pending"], to: ["approved", "rejected"] }] },
    defaultSort: { field: "absent_date", order: "desc" },
    fields: [
      userRef,
      { name: "permit_type", type: "enum", options: ["leave", "sick", "permission", "overtime", "work_permit"], required: true },
      // A permit to work's area: the project (site) it is valid on; empty for leave and sick days.
      { name: "project_id", type: "ref", ref: "project" },
      // The permit's validity: absent_date (its first day) to end_date (its last; empty: one day).
      { name: "absent_date", type: "date", required: true },
      { name: "end_date", type: "date", notBefore: "absent_date" },
      { name: "reason", type: "text", required: true },
      { name: "attachment", type: "file", accept: "image/*,.pdf", list: false },
      { name: "status", type: "enum", options: APPROVAL, required: true, default: "pending", reviewField: true },
    ],
  },
  {
    name: "checklist-k3",
    audited: "deletes",
    scope: "company",
    group: "safety",
    icon: "CheckCircleOutlined",
    labelField: "name",
    pages: { show: "checklist" },
    operations: ["add", "search", "list", "update/{id}", "delete/{id}"],
    defaultSort: { field: "order", order: "asc" },
    fields: [
      { name: "name", type: "string", required: true },
      { name: "category", type: "enum", options: ["ppe", "equipment", "environment", "procedure", "emergency"], required: true },
      { name: "is_mandatory", type: "boolean", default: true },
      order,
      description,
    ],
  },
  {
    name: "project-to-checklist-k3",
    access: "checklist-k3",
    scope: "company",
    labelField: "checklist_k3_id",
    parent: { field: "project_id", resource: "project" },
    operations: ["add-multiple", "search"],
    // A checklist is assigned to a project once.
    uniqueKey: ["project_id", "checklist_k3_id"],
    fields: [projectRef, { name: "checklist_k3_id", type: "ref", ref: "checklist-k3", required: true }, { name: "is_required", type: "boolean", default: true }],
  },
  {
    name: "report-k3",
    scope: "company",
    rowVisibility: { person: "reporter_id", project: "project_id" },
    group: "safety",
    icon: "SafetyOutlined",
    labelField: "title",
    parent: { field: "project_id", resource: "project" },
    ownerField: "reporter_id",
    // The spec lists search only; field workers file reports (their role holds can_add) and
    // supervisors move them through review (status), so add and update are offered too.
    operations: ["add", "search", "update/{id}"],
    beyondSpec: ["add", "update/{id}"],
    // Filed open; a reviewer takes it into review, then closes it (closed is final).
    flow: {
      field: "status",
      initial: "open",
      actions: {},
      reviews: [
        { from: ["open"], to: ["in_review"] },
        { from: ["in_review"], to: ["closed"] },
      ],
    },
    defaultSort: { field: "report_date", order: "desc" },
    fields: [
      projectRef,
      { name: "title", type: "string", required: true },
      { name: "report_type", type: "enum", options: ["inspection", "incident", "near_miss", "unsafe_act", "unsafe_condition"], required: true },
      { name: "severity", type: "enum", options: SEVERITY, required: true },
      { name: "report_date", type: "date", required: true },
      { name: "location", type: "string" },
      description,
      { name: "image", type: "image", accept: "image/*", list: false },
      { name: "status", type: "enum", options: ["open", "in_review", "closed"], required: true, default: "open", reviewField: true },
      { name: "reporter_id", type: "ref", ref: "human-resource", serverOwned: true },
    ],
  },
];

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    /** One assignment of a K3 checklist to a project per item, `existing` when it was assigned already. */
    "project-to-checklist-k3": { addMultiple: PairRecord[] };
  }
}
