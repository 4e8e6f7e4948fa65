// The handlers of custom operations (and of standard ones a resource answers its own way), one
// module each, listed here explicitly: importing a module registers its handlers through
// registerCustom (server/routes/custom-registry.ts). A new handler module is added to this list.
// Helpers and whole services live elsewhere: server/records/computed-search.ts,
// server/storage/uploads.ts, server/monitoring/daily.ts, server/map/ (map service and WFS),
// server/invoice/.
import "./approvals";
import "./companies";
import "./company-settings";
import "./dashboard-attendance";
import "./company-users";
import "./field-panic";
import "./field-presence";
import "./field-tracking";
import "./files-documents";
import "./files-images";
import "./gantt-plan";
import "./kanban";
import "./legacy";
import "./legacy-dashboard";
import "./menus";
import "./monitoring";
import "./monitoring-map";
import "./planning";
import "./project-labour";
import "./requests";
import "./restore-admin";
import "./role-rights";
import "./staff";
import "./staff-onboarding";
import "./staff-two-factor";
import "./sales-summary";
import "./storage-info";
import "./tasks";
import "./timesheet";
import "./transactions";
import "./trees";
import "./view-as";
