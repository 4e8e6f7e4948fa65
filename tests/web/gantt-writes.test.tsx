// The Gantt's writes and reads besides the plan's save, against msw: each goes through the page's
// api/ calls, and when the server refuses (or the read fails) the user is told as the generated
// screens tell it (useNotify: the kind's title and the server's message), with the request that
// was sent asserted. Members (user-to-version-gantt search, add-multiple), the activity panel's
// staff (user-to-activity add), the version actions (version-gantt add, template-gantt add) and
// the plan's loading (activity search).
import { Refine } from "@refinedev/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAllTexts, loadLanguage } from "../../src/i18n";
import { ToastHost } from "../../src/lazy/toasts";
import { dataProvider } from "../../src/providers/dataProvider";
import { notificationProvider } from "../../src/providers/notificationProvider";
import { GanttWorkspace } from "../../src/pages/gantt/GanttWorkspace";
import { useGanttStore } from "../../src/pages/gantt/store/ganttStore";
import { ok, recordApi, type RecordedRequest } from "./support/apiRecorder";
import { signIn } from "./support/session";
import { LOAD } from "./support/waits";
import { stubCanvasInFile } from "./support/canvas";

vi.mock("@svar-ui/react-gantt/all.css?inline", () => ({ default: "" }));

const activities = [
  {
    id: 2,
    project_id: 7,
    version_gantt_id: 3,
    parent_id: null,
    code: "A.1",
    name: "Galian",
    type: "task",
    start_date: "2026-03-02",
    end_date: "2026-03-06",
    progress: 40,
    order: 1,
    predecessors: [],
  },
];
const version = { id: 3, project_id: 7, name: "Rencana kerja", version_no: 2, is_baseline: false, revision: 5 };
// (403 would end the session: the spec's rule for 401/403/307.)
const refused = { status: false, key: "conflict", message: "This conflicts with existing data." };
const broken = { status: false, key: "server_error", message: "Something went wrong on the server. Please try again." };

stubCanvasInFile();
beforeAll(async () => {
  await loadLanguage("en");
  await loadAllTexts("en");
});
beforeEach(() => {
  useGanttStore.setState({ projectId: null, versionId: null, compareId: null, saved: [], edited: [], revision: 0, loadCount: 0, selectedId: null, saveState: "idle", api: null });
});

function serve(extra: Record<string, unknown> = {}) {
  return recordApi({
    "POST /api/version-gantt/search": ok([version], { recordsTotal: 1, recordsFiltered: 1 }),
    "POST /api/activity/search": ok(activities, { recordsTotal: 1, recordsFiltered: 1 }),
    "GET /api/issue/list-by-gantt": ok([]),
    "POST /api/user-to-version-gantt/search": ok([{ id: 1, version_gantt_id: 3, user_id: 5, user_id_label: "Budi Santoso", permission: "edit" }], {
      recordsTotal: 1,
      recordsFiltered: 1,
    }),
    "POST /api/human-resource/search": ok(
      [
        { id: 5, name: "Budi Santoso" },
        { id: 6, name: "Wawan Worker" },
      ],
      { recordsTotal: 2, recordsFiltered: 2 },
    ),
    "GET /api/human-resource/list-assign-activity/2": ok([{ id: 6, name: "Wawan Worker", assigned: false, user_to_activity_id: null }]),
    "GET /api/assign-material/list-by-activity": ok([]),
    "POST /api/template-gantt/search": ok([], { recordsTotal: 0, recordsFiltered: 0 }),
    ...extra,
  });
}

async function openPlan(waitForChart = true) {
  signIn();
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter>
      <Refine dataProvider={dataProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
        <GanttWorkspace projectId={7} />
        <ToastHost />
      </Refine>
    </MemoryRouter>,
  );
  if (waitForChart) await waitFor(() => expect(useGanttStore.getState().api).not.toBeNull(), LOAD);
  return user;
}

const sent = (calls: RecordedRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

describe("the Gantt's writes and reads say when they fail", () => {
  it("members: adding refused → the failure is shown with the server's reason, the picked person stays picked", async () => {
    const api = serve({ "POST /api/user-to-version-gantt/add-multiple": { status: 409, body: refused } });
    const user = await openPlan();
    await user.click(screen.getByRole("button", { name: "Members" }));
    const dialog = await screen.findByRole("dialog", {}, LOAD);
    expect(await within(dialog).findByText("Budi Santoso", {}, LOAD)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("combobox", { name: "Add people" }));
    await user.click(await screen.findByTitle("Wawan Worker", {}, LOAD));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("This conflicts with existing data.")).toBeInTheDocument();
    expect(sent(api.calls, "POST", "/api/user-to-version-gantt/add-multiple")[0]!.body).toEqual({ items: [{ version_gantt_id: 3, user_id: 6, permission: "view" }] });
    expect(within(dialog).getByRole("button", { name: "Add" })).toBeEnabled();
  });

  it("members: the list that fails to load is said", async () => {
    serve({ "POST /api/user-to-version-gantt/search": { status: 500, body: broken } });
    const user = await openPlan();
    await user.click(screen.getByRole("button", { name: "Members" }));
    expect(await screen.findByText("The data could not be loaded", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on the server. Please try again.")).toBeInTheDocument();
  });

  it("activity panel: assigning a person refused → the failure is shown and the person stays unassigned", async () => {
    const api = serve({ "POST /api/user-to-activity/add": { status: 409, body: refused } });
    const user = await openPlan();
    useGanttStore.getState().select(2);
    const panel = await screen.findByTestId("activity-panel", {}, LOAD);
    await user.click(await within(panel).findByRole("button", { name: "Assign" }, LOAD));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("This conflicts with existing data.")).toBeInTheDocument();
    expect(sent(api.calls, "POST", "/api/user-to-activity/add")[0]!.body).toEqual({ user_id: 6, activity_id: 2 });
    expect(within(panel).getByRole("button", { name: "Assign" })).toBeInTheDocument();
  });

  it("new version: refused → the failure is shown and the dialog stays open with the name typed", async () => {
    const api = serve({ "POST /api/version-gantt/add": { status: 409, body: refused } });
    const user = await openPlan();
    await user.click(screen.getByRole("button", { name: "New version" }));
    const dialog = await screen.findByRole("dialog", {}, LOAD);
    await user.type(within(dialog).getByLabelText("Name"), "Revisi 5");
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("This conflicts with existing data.")).toBeInTheDocument();
    expect(sent(api.calls, "POST", "/api/version-gantt/add")[0]!.body).toMatchObject({ project_id: 7, name: "Revisi 5", version_no: 3 });
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Revisi 5");
  });

  it("save as template: refused → the failure is shown", async () => {
    const api = serve({ "POST /api/template-gantt/add": { status: 500, body: broken } });
    const user = await openPlan();
    await user.click(screen.getByRole("button", { name: "Save as template" }));
    const dialog = await screen.findByRole("dialog", {}, LOAD);
    await user.type(within(dialog).getByLabelText("Template name"), "Gedung 18 lantai");
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on the server. Please try again.")).toBeInTheDocument();
    expect(sent(api.calls, "POST", "/api/template-gantt/add")[0]!.body).toMatchObject({ name: "Gedung 18 lantai" });
  });

  it("the plan that fails to load is said, and a reload brings it", async () => {
    const api = serve({ "POST /api/activity/search": { status: 500, body: broken } });
    const user = await openPlan(false);
    expect(await screen.findByText("Something went wrong on the server. Please try again.", {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByText("The data could not be loaded").length).toBeGreaterThan(0);
    api.route("POST /api/activity/search", ok(activities, { recordsTotal: 1, recordsFiltered: 1 }));
    await user.click(screen.getByRole("button", { name: "Reload plan" }));
    await waitFor(() => expect(useGanttStore.getState().api).not.toBeNull(), LOAD);
    expect(useGanttStore.getState().saved.map((a) => a.name)).toEqual(["Galian"]);
  });
});
