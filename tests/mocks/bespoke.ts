// The mock's handlers of what a bespoke screen needs beyond the generic operations (generic.ts),
// registered by resource and operation as server/custom/*.ts registers the server's
// (server/routes/custom-registry.ts): the timesheet, field capture, kanban moves, the gantt plan,
// the trees, a person's waypoints, rights and view-as, onboarding, two-factor, the owner's
// companies and sales. An entry naming an
// operation the declaration lacks fails when the mock loads. Rights, read-only sessions and
// sign-offs are checked before any of them (access.ts); a handler checks only what its server
// handler checks itself.
import { HttpResponse } from "msw";
import { RESOURCE_BY_NAME, resourceByName, type ResolvedResource } from "../../declaration";
import { historyFormatOf, historyPointOf } from "../../declaration/map-service";
import { isoUtc } from "../../server/db/codec";
import { badRequest, HttpError, notFound } from "../../server/http/errors";
import { mockCompanyPeople, mockPaymentNotification, mockRestoreAdmin, mockStorageAll, mockUserCounts } from "./companies";
import { MockAnswer, type MockContext, type MockHandler } from "./context";
import { mockActivityStaff } from "./activityStaff";
import { mockDashboardStatus } from "./dashboard";
import type { Row } from "./db";
import {
  mockAcknowledge,
  mockAddBatch,
  mockAttendanceToday,
  mockBreak,
  mockClockIn,
  mockClockOut,
  mockDeviceKeyAdd,
  mockPanicAdd,
  mockTimeZones,
  mockToday,
  mockTrail,
} from "./field";
import { answer, createRecord, updateRecord } from "./generic";
import { mockMultipleDelete, mockMultipleUpload } from "./images";
import { savePlanMock } from "./ganttPlan";
import { kanbanColumns, placeKanbanCard } from "./kanban";
import { mockUserWaypoints } from "./monitoring";
import { mockStockBySite } from "./requests";
import { mockAssignableRoles, mockMenuManagement, mockReplaceRights, mockViewAs } from "./roleRights";
import { mockSalesSummary } from "./sales";
import { searchRows } from "./search";
import { mockImport, mockImportPreview, mockInvite } from "./staff";
import { mockFolderTree, mockFtthCountTree, mockFtthTree, mockTemplateTree } from "./trees";
import {
  mockMyPeriod,
  mockProjectLabour,
  mockTimesheetApprove,
  mockTimesheetApproveMany,
  mockTimesheetCorrect,
  mockTimesheetReopen,
  mockTimesheetSearch,
  mockTimesheetSettings,
} from "./timesheet";

const handlers = new Map<string, MockHandler>();
const key = (resource: string, op: string) => `${resource}\u0000${op}`;

/** Registers the mock of a declared operation (its name, as resolved); it replaces the generic one. */
function bespoke(resource: string, operation: string, handler: MockHandler): void {
  const r = RESOURCE_BY_NAME.get(resource);
  if (!r) throw new Error(`mock: no resource "${resource}" in the declaration`);
  if (!r.operations.some((o) => o.name === operation)) throw new Error(`mock: ${resource} declares no operation "${operation}"`);
  handlers.set(key(resource, operation), handler);
}

export const bespokeMockHandler = (r: ResolvedResource, opName: string): MockHandler | undefined => handlers.get(key(r.name, opName));

const own = (c: MockContext) => (row: Row) => answer(c.r, row, c.db);
const onlyOwner = (c: MockContext) => {
  if (c.actor.role.role_type !== "owner") throw new HttpError(403, "owner_only");
};

// ---- files: an image is served as bytes; several uploaded or deleted at once (images.ts)
bespoke("image", "one", () => new HttpResponse(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), { headers: { "Content-Type": "image/png" } }));
bespoke("image", "multipleUpload", mockMultipleUpload);
bespoke("image", "multipleDelete", mockMultipleDelete);

// ---- the owner's companies screen (companies.ts) and sales view (sales.ts)
bespoke("information-storage-all-company", "list", (c) => mockStorageAll(c.db));
bespoke("information-storage", "one", (c) => {
  const one = mockStorageAll(c.db).find((s) => String(s.company_id) === c.params.company_id);
  if (!one) throw notFound();
  return one;
});
bespoke("company-management", "userCounts", (c) => mockUserCounts(c.db));
bespoke("company-management", "people", (c) => mockCompanyPeople(c.db, c.params.id));
bespoke("company-management", "restoreAdmin", (c) => mockRestoreAdmin(c.db, c.params.id, c.payload));
bespoke("sales-summary", "summary", (c) => {
  onlyOwner(c);
  return mockSalesSummary(c.db);
});
// The platform owner's manual confirmation (the gateway's signed callback is not mocked).
bespoke("product-transaction-user", "notification", (c) => {
  onlyOwner(c);
  const paid = mockPaymentNotification(c.db, c.payload);
  if (!paid) throw notFound();
  return paid;
});

// ---- roles, rights, view-as (roleRights.ts) and two-factor (twoFactor.ts)
bespoke("role", "assignable", (c) => mockAssignableRoles(c.db, c.menus));
bespoke("role", "viewAs", (c) => {
  const session = mockViewAs(c.db, c.params.id, c.actor, mockTimeZones(c.db).company);
  c.viewAsTokens.add(session.token);
  return session;
});
bespoke("menu", "management", (c) => mockMenuManagement(c.db, c.params.role_id));
bespoke("role-menu", "replaceByrole", (c) => mockReplaceRights(c.db, c.params.role_id, c.payload));
for (const op of ["twoFactor", "resetTwoFactor"] as const) {
  bespoke("human-resource", op, (c) => {
    const row = c.tenant().find((x) => String(x.id) === c.params.id);
    const roleType = String(c.db.rows("role").find((x) => x.id === row?.role_id)?.role_type ?? "");
    const person = row && { id: Number(row.id), email: String(row.email ?? ""), company_id: c.db.companyId, role: { role_type: roleType } };
    return c.twoFactor.person(op, person, c.actor.id);
  });
}
for (const op of ["ownSettings", "updateOwnSettings"]) bespoke("company-management", op, (c) => c.twoFactor.ownSettings(c.op.method, c.payload));

// ---- staff: onboarding (staff.ts), disable and enable (server/custom/staff.ts)
bespoke("human-resource", "invite", (c) => answer(c.r, mockInvite(c.db, c.payload), c.db));
bespoke("human-resource", "reinvite", (c) => {
  const row = c.tenant().find(c.byParams);
  if (!row) throw notFound();
  return { sent: true, email: String(row.email) };
});
bespoke("human-resource", "importPreview", (c) => mockImportPreview(c.db, c.payload, c.lang));
bespoke("human-resource", "import", (c) => mockImport(c.db, c.payload));
for (const op of ["disable", "enable"]) {
  bespoke("human-resource", op, (c) => {
    const row = c.tenant().find(c.byParams);
    if (!row) throw notFound();
    // Nobody disables themselves; a disabled person's sessions end.
    if (op === "disable" && Number(row.id) === c.actor.id) throw new HttpError(409, "not_self");
    Object.assign(row, { is_active: op === "enable", updated_at: new Date().toISOString() });
    if (op === "disable") c.endSessions(Number(row.id));
    return answer(c.r, row, c.db);
  });
}

// ---- approvals: the approver named on a pending one decides it (server/custom/approvals.ts)
for (const op of ["approve", "reject"]) {
  bespoke("project-approval", op, (c) => {
    const row = c.rows().find(c.byParams);
    if (!row) throw notFound();
    if (Number(row.approver_id) !== c.actor.id) throw new HttpError(403, "not_approver");
    if (row.status !== "pending") throw badRequest({ status: { key: "already_decided" } });
    const now = new Date().toISOString();
    Object.assign(row, { status: op === "approve" ? "approved" : "rejected", decided_at: now, updated_at: now, ...(c.payload.note ? { note: c.payload.note } : {}) });
    return answer(c.r, row, c.db);
  });
}

// ---- alerts: viewed once (server/custom/legacy.ts)
for (const resource of ["alert", "alert-to-user"]) {
  bespoke(resource, "editStatusView", (c) => {
    const row = c.rows().find(c.byParams);
    if (!row || (resource === "alert-to-user" && Number(row.user_id) !== c.actor.id)) throw notFound();
    if (!(row.is_viewed === true && row.viewed_at)) Object.assign(row, { is_viewed: true, viewed_at: new Date().toISOString() });
    return answer(c.r, row, c.db);
  });
}

// ---- planning: the kanban's columns and card moves (kanban.ts), the gantt plan (ganttPlan.ts)
bespoke("kanban-card", "getData", (c) => kanbanColumns(c.db, c.query, own(c)));
bespoke("kanban-card", "add", (c) => {
  const created = createRecord(c);
  placeKanbanCard(c.db, null, created, c.payload);
  return answer(c.r, created, c.db);
});
bespoke("kanban-card", "update", (c) => {
  const { row, before } = updateRecord(c);
  placeKanbanCard(c.db, before, row, c.payload);
  return answer(c.r, row, c.db);
});
bespoke("version-gantt", "savePlan", (c) => savePlanMock(c.db, c.params.id, c.payload));
bespoke("human-resource", "listAssignActivity", mockActivityStaff);

// ---- trees (trees.ts): a template's structure, a project's folders and FTTH network
bespoke("template-gantt", "getTree", mockTemplateTree);
bespoke("folder-document-proyek", "getTree", mockFolderTree);
bespoke("hierarchy-ftths", "tree", mockFtthTree);
bespoke("hierarchy-ftths", "countTree", mockFtthCountTree);

// ---- a project document's bytes: the mock keeps no file content, so a stand-in of the stored type
bespoke("document-project", "download", (c) => {
  const doc = c.rows().find(c.byParams);
  if (!doc || !doc.file) throw notFound();
  return new HttpResponse(new TextEncoder().encode(`mock content of ${String(doc.name ?? doc.file)}`), {
    headers: { "Content-Type": String(doc.mime ?? "application/octet-stream"), "Content-Disposition": "attachment", "Cache-Control": "private, no-cache" },
  });
});

// ---- the timesheet (timesheet.ts) and a project's labour cost
bespoke("project", "labourCost", (c) => mockProjectLabour(c.db, c.params.id));
// Labour cost only for who may read pay rates; the NIK for who may read staff.
bespoke("timesheet", "search", (c) =>
  mockTimesheetSearch(
    c.db,
    c.actor,
    c.query,
    c.rowScopes,
    c.holds({ menu: "pay-rate", action: "read" }),
    c.holds({ menu: resourceByName("human-resource").access, action: "read" }),
  ),
);
bespoke("timesheet", "correct", (c) => mockTimesheetCorrect(c.db, c.actor, c.params.id, c.payload, c.rowScopes));
bespoke("timesheet", "approve", (c) => mockTimesheetApprove(c.db, c.actor, c.payload, c.rowScopes));
bespoke("timesheet", "approveMany", (c) => mockTimesheetApproveMany(c.db, c.actor, c.payload, c.rowScopes));
bespoke("timesheet", "reopen", (c) => mockTimesheetReopen(c.db, c.actor, c.payload, c.rowScopes));
// The caller's own current pay period (whoever may read their own attendance: the declared right).
bespoke("timesheet", "myPeriod", (c) => mockMyPeriod(c.db, c.actor, c.holds({ menu: "pay-rate", action: "read" })));
bespoke("timesheet", "settings", (c) => mockTimesheetSettings(c.db, c.payload, c.holds({ menu: "pay-rate", action: "update" })));

// ---- field capture (field.ts): a multipart selfie arrives as the stored name in the first image field
for (const op of ["clockIn", "clockOut"] as const) {
  bespoke("presence", op, (c) => {
    const { image_selfie: selfie, ...fields } = c.payload;
    return answer(c.r, (op === "clockIn" ? mockClockIn : mockClockOut)(c.db, c.actor, fields, typeof selfie === "string" ? selfie : null), c.db);
  });
}
for (const op of ["breakStart", "breakEnd"] as const) bespoke("presence", op, (c) => mockBreak(c.db, c.actor, op, c.payload));
bespoke("presence", "today", (c) => {
  const day = mockToday(c.db, c.actor);
  return { ...day, presence: day.presence && answer(c.r, day.presence, c.db), presences: day.presences.map(own(c)) };
});
bespoke("presence", "attendanceToday", (c) => mockAttendanceToday(c.db, c.actor, c.rowScopes));
bespoke("panic-button", "add", (c) => answer(c.r, mockPanicAdd(c.db, c.actor, c.payload), c.db));
bespoke("panic-button", "trail", (c) => mockTrail(c.db, c.actor, c.params.id, c.rowScopes));
bespoke("panic-button", "acknowledge", (c) => answer(c.r, mockAcknowledge(c.db, c.actor, c.params.id, c.payload, c.rowScopes), c.db));
bespoke("device-key", "add", (c) => answer(c.r, mockDeviceKeyAdd(c.db, c.actor, c.payload), c.db));
bespoke("waypoint", "addBatch", (c) => mockAddBatch(c.db, c.actor, c.payload));
bespoke("project", "timeZones", (c) => mockTimeZones(c.db));
bespoke("waypoint-monitoring", "searchByUser", mockUserWaypoints);
// waypoint/search: history points (declaration/map-service.ts), or their columns (`format: "columns"`).
bespoke("waypoint", "search", (c) => {
  const format = historyFormatOf(c.payload);
  if (format === null) throw badRequest({ format: { key: "bad_enum", params: { options: "rows, columns" } } });
  const found = searchRows(c.r, c.rows(), c.payload, c.lang);
  const counts = { ...(found.message ? { message: found.message } : {}), recordsTotal: found.recordsTotal, recordsFiltered: found.recordsFiltered };
  const points = found.rows.map(own(c));
  if (format === "rows") return new MockAnswer(points.map(historyPointOf), counts);
  return new MockAnswer({ wptime: points.map((p) => isoUtc(p.wptime as string)), lon: points.map((p) => Number(p.lon)), lat: points.map((p) => Number(p.lat)) }, counts);
});

// ---- stock per site of a catalogue (requests.ts)
for (const resource of ["material-resource", "tools-resource"]) bespoke(resource, "stock", (c) => mockStockBySite(c.db, c.r, c.params.id));

// ---- the legacy dashboard's counts (dashboard.ts)
bespoke("dashboard-status", "search", (c) => {
  const found = mockDashboardStatus(c.db, c.actor, c.rowScopes, c.payload, c.lang, (x) => c.holds({ menu: x.access, action: "read" }));
  return new MockAnswer(found.rows, { recordsTotal: found.recordsTotal, recordsFiltered: found.recordsFiltered });
});
