// The legacy logistics/sales service (/legacy). Not project-API resources: kept apart so the
// spec coverage of the project API stays exact. Same envelope and token.
import type { ResourceDecl } from "../types";
import { ALERT_TYPE, SEVERITY, userRef } from "./shared";

export const legacyResources: ResourceDecl[] = [
  {
    name: "legacy-user-to-proyek",
    handlers: "legacy",
    access: "user-to-proyek",
    path: "user-to-proyek",
    service: "legacy",
    scope: "none",
    labelField: "user_name",
    operations: ["search"],
    fields: [
      { name: "user_id", type: "ref", ref: "human-resource" },
      { name: "user_name", type: "string" },
      { name: "project_id", type: "ref", ref: "project" },
      { name: "project_name", type: "string" },
    ],
  },
  {
    name: "alert",
    handlers: "legacy",
    service: "legacy",
    scope: "company",
    rowVisibility: { person: "user_id", project: "project_id" },
    group: "field",
    icon: "BellOutlined",
    labelField: "title",
    operations: ["add", "search", { name: "editStatusView", method: "PUT", path: "edit-status-view/{id}", right: "update" }],
    defaultSort: { field: "alert_time", order: "desc" },
    fields: [
      { name: "title", type: "string", required: true },
      { name: "message", type: "text", list: true },
      { name: "alert_type", type: "enum", options: ALERT_TYPE, required: true },
      { name: "severity", type: "enum", options: SEVERITY, required: true, default: "medium" },
      { name: "user_id", type: "ref", ref: "human-resource" },
      { name: "project_id", type: "ref", ref: "project" },
      { name: "alert_time", type: "datetime", required: true },
      { name: "location", type: "geo" },
      { name: "is_viewed", type: "boolean", serverOwned: true },
      { name: "viewed_at", type: "datetime", serverOwned: true, list: false },
    ],
  },
  {
    name: "alert-to-user",
    handlers: "legacy",
    access: "authenticated",
    service: "legacy",
    scope: "company",
    rowVisibility: { person: "user_id" },
    labelField: "alert_id",
    operations: ["search", { name: "editStatusView", method: "PUT", path: "edit-status-view/{id}", right: "update" }],
    fields: [
      { name: "alert_id", type: "ref", ref: "alert", required: true },
      userRef,
      { name: "is_viewed", type: "boolean", serverOwned: true },
      { name: "viewed_at", type: "datetime", serverOwned: true },
    ],
  },
  {
    name: "waypoint-monitoring",
    handlers: "monitoring-map",
    access: "map-monitoring",
    service: "legacy",
    scope: "none",
    rowVisibility: { person: "user_id" },
    labelField: "wptime",
    operations: [{ name: "searchByUser", method: "POST", path: "{user_id}/search", right: "read" }],
    fields: [
      { name: "user_id", type: "ref", ref: "human-resource" },
      { name: "wptime", type: "datetime" },
      { name: "lon", type: "number" },
      { name: "lat", type: "number" },
    ],
  },
  {
    name: "dashboard-status",
    handlers: "legacy-dashboard",
    access: "authenticated",
    service: "legacy",
    scope: "none",
    labelField: "status",
    operations: ["search"],
    fields: [
      { name: "status", type: "string" },
      { name: "total", type: "integer" },
    ],
  },
  {
    name: "dashboard-proyek",
    handlers: "legacy-dashboard",
    access: "project",
    service: "legacy",
    scope: "none",
    labelField: "name",
    operations: ["list", "search"],
    fields: [
      { name: "project_id", type: "ref", ref: "project" },
      { name: "name", type: "string" },
      { name: "status", type: "string" },
      { name: "progress", type: "percent" },
      { name: "worker_count", type: "integer" },
      { name: "present_today", type: "integer" },
      { name: "open_issues", type: "integer" },
    ],
  },
  {
    name: "employee-daily-report",
    handlers: "legacy",
    access: "presence",
    service: "legacy",
    scope: "none",
    rowVisibility: { person: "user_id" },
    labelField: "name",
    operations: ["search"],
    fields: [
      { name: "user_id", type: "ref", ref: "human-resource" },
      { name: "name", type: "string" },
      { name: "date", type: "date" },
      { name: "presence_status", type: "string" },
      { name: "clock_in", type: "datetime" },
      { name: "clock_out", type: "datetime" },
      { name: "distance_km", type: "number" },
    ],
  },
];

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    "waypoint-monitoring": { searchByUser: UserWaypoint[] };
  }
}
