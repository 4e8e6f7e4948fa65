// The Gantt workspace against msw: a finished move, resize and link in the chart each save the
// whole plan to version-gantt/save-plan/{id} with the revision it was read at (request bodies
// asserted); a move past a linked successor's start moves the successor too and says so; a
// refusal keyed plan_stale shows the notification and keeps the plan on screen with the reload
// offered, another refusal is a failed save (decided by the key, not the status).
import { Refine } from "@refinedev/core";
import { render, screen, waitFor } from "@testing-library/react";
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

// The chart's theme as a string (vite's ?inline): styles play no part here, and vitest refuses the
// id of a file outside the worktree (node_modules is a link to the shared install).
vi.mock("@svar-ui/react-gantt/all.css?inline", () => ({ default: "" }));

const activities = [
  {
    id: 1,
    project_id: 7,
    version_gantt_id: 3,
    parent_id: null,
    code: "A",
    name: "Persiapan",
    type: "summary",
    start_date: "2026-03-02",
    end_date: "2026-03-13",
    progress: 0,
    order: 1,
    predecessors: [],
  },
  {
    id: 2,
    project_id: 7,
    version_gantt_id: 3,
    parent_id: 1,
    code: "A.1",
    name: "Galian",
    type: "task",
    start_date: "2026-03-02",
    end_date: "2026-03-06",
    progress: 40,
    order: 2,
    predecessors: [],
  },
  {
    id: 3,
    project_id: 7,
    version_gantt_id: 3,
    parent_id: 1,
    code: "A.2",
    name: "Pondasi",
    type: "task",
    start_date: "2026-03-09",
    end_date: "2026-03-13",
    progress: 0,
    order: 3,
    predecessors: [],
  },
];
const version = { id: 3, project_id: 7, name: "Rencana kerja", version_no: 2, is_baseline: false, revision: 5 };

stubCanvasInFile();
beforeAll(async () => {
  await loadLanguage("en");
  await loadAllTexts("en");
});
beforeEach(() => {
  useGanttStore.setState({ projectId: null, versionId: null, compareId: null, saved: [], edited: [], revision: 0, loadCount: 0, selectedId: null, saveState: "idle", api: null });
});

function serve(saveAnswer: (req: RecordedRequest) => unknown, plan: ReadonlyArray<Record<string, unknown>> = activities) {
  return recordApi({
    "POST /api/version-gantt/search": ok([version], { recordsTotal: 1, recordsFiltered: 1 }),
    "POST /api/activity/search": ok(plan, { recordsTotal: plan.length, recordsFiltered: plan.length }),
    "GET /api/issue/list-by-gantt": ok([]),
    "PUT /api/version-gantt/save-plan/3": saveAnswer,
  });
}

async function openPlan() {
  signIn();
  render(
    <MemoryRouter>
      <Refine dataProvider={dataProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
        <GanttWorkspace projectId={7} />
        <ToastHost />
      </Refine>
    </MemoryRouter>,
  );
  await waitFor(() => expect(useGanttStore.getState().api).not.toBeNull(), LOAD);
  return useGanttStore.getState().api!;
}

const saves = (calls: RecordedRequest[]) =>
  calls.filter((c) => c.method === "PUT" && c.path === "/api/version-gantt/save-plan/3").map((c) => c.body as { revision: number; activities: Array<Record<string, unknown>> });
const entry = (body: { activities: Array<Record<string, unknown>> }, id: number) => body.activities.find((a) => a.id === id)!;
/** A day as the chart holds it: local midnight. */
const day = (iso: string) => new Date(`${iso}T00:00:00`);

describe("Gantt plan saves", () => {
  it("saves a move, a resize and a link with the revision each was made on", async () => {
    let revision = 5;
    const api = serve((req) => ok({ revision: ++revision, activities: (req.body as { activities: unknown[] }).activities }));
    const chart = await openPlan();

    // A move ends as update-task with both dates shifted (what a finished drag dispatches).
    await chart.exec("update-task", { id: 2, task: { start: day("2026-03-04"), end: day("2026-03-09") } });
    await waitFor(() => expect(saves(api.calls)).toHaveLength(1), LOAD);
    const move = saves(api.calls)[0];
    expect(move.revision).toBe(5);
    expect(entry(move, 2)).toMatchObject({ id: 2, parent: 1, name: "Galian", start_date: "2026-03-04", end_date: "2026-03-08", work_duration: 5, progress: 40, code: "A.1" });
    expect(entry(move, 3)).toMatchObject({ start_date: "2026-03-09", end_date: "2026-03-13" });
    expect(move.activities.map((a) => a.id)).toEqual([1, 2, 3]);
    await waitFor(() => expect(useGanttStore.getState().revision).toBe(6), LOAD);

    // A resize moves the end only.
    await chart.exec("update-task", { id: 3, task: { end: day("2026-03-17") } });
    await waitFor(() => expect(saves(api.calls)).toHaveLength(2), LOAD);
    const resize = saves(api.calls)[1];
    expect(resize.revision).toBe(6);
    expect(entry(resize, 3)).toMatchObject({ start_date: "2026-03-09", end_date: "2026-03-16", work_duration: 8 });
    await waitFor(() => expect(useGanttStore.getState().revision).toBe(7), LOAD);

    // A finish-to-start link from Galian to Pondasi lands in Pondasi's predecessors.
    await chart.exec("add-link", { link: { source: 2, target: 3, type: "e2s" } });
    await waitFor(() => expect(saves(api.calls)).toHaveLength(3), LOAD);
    const link = saves(api.calls)[2];
    expect(link.revision).toBe(7);
    expect(entry(link, 3).predecessors).toEqual([{ id: 2, type: "e2s" }]);
    expect(entry(link, 2).predecessors).toEqual([]);
  });

  it("a move past a linked successor's start moves the successor after it, saves both in one save and names it", async () => {
    // Pondasi follows Galian (finish-to-start).
    const linked = activities.map((a) => (a.id === 3 ? { ...a, predecessors: [{ id: 2, type: "e2s" }] } : a));
    let revision = 5;
    const api = serve((req) => ok({ revision: ++revision, activities: (req.body as { activities: unknown[] }).activities }), linked);
    const chart = await openPlan();

    // Galian now takes 5-9 March: Pondasi (9-13 March) must start on the 10th.
    await chart.exec("update-task", { id: 2, task: { start: day("2026-03-05"), end: day("2026-03-10") } });
    await waitFor(() => expect(saves(api.calls)).toHaveLength(1), LOAD);
    const saved = saves(api.calls)[0];
    expect(entry(saved, 2)).toMatchObject({ start_date: "2026-03-05", end_date: "2026-03-09" });
    expect(entry(saved, 3)).toMatchObject({ start_date: "2026-03-10", end_date: "2026-03-14", work_duration: 5, predecessors: [{ id: 2, type: "e2s" }] });
    expect(chart.getTask(3).start).toEqual(day("2026-03-10"));
    expect(await screen.findByText("1 linked activity moved later to keep its link", undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Pondasi: 1 day later, starts 10-03-2026")).toBeInTheDocument();
    // One edit, one save: the successor's move went with it.
    await waitFor(() => expect(useGanttStore.getState().revision).toBe(6), LOAD);
    expect(saves(api.calls)).toHaveLength(1);
  });

  it("a refusal keyed plan_stale says why, keeps the edited plan and offers the reload", async () => {
    const api = serve(() => ok({}));
    const stale = { status: false, key: "plan_stale", message: "This plan was changed by someone else. Reload it to see their changes, then edit again." };
    api.route("PUT /api/version-gantt/save-plan/3", { status: 409, body: stale });
    const chart = await openPlan();
    await chart.exec("update-task", { id: 2, task: { start: day("2026-03-05"), end: day("2026-03-10") } });
    expect(await screen.findByText(/changed by someone else\. Reload it/, undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText("The data could not be saved")).toBeInTheDocument();
    await waitFor(() => expect(useGanttStore.getState().saveState).toBe("stale"));
    expect(screen.getByRole("button", { name: /Reload plan/ })).toBeInTheDocument();
    // The move stays on screen (the chart keeps it) and in the plan the views read.
    expect(chart.getTask(2).start).toEqual(day("2026-03-05"));
    expect(useGanttStore.getState().edited.find((a) => a.id === 2)?.start_date).toBe("2026-03-05");
    expect(useGanttStore.getState().revision).toBe(5);
  });

  it("another 409 (a conflict that is not a stale plan) is a failed save: no reload offered", async () => {
    const api = serve(() => ok({}));
    api.route("PUT /api/version-gantt/save-plan/3", { status: 409, body: { status: false, key: "in_use", message: "This record is still used by: issues." } });
    const chart = await openPlan();
    await chart.exec("delete-task", { id: 3 });
    expect(await screen.findByText("This record is still used by: issues.", undefined, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(useGanttStore.getState().saveState).toBe("failed"));
    expect(screen.queryByRole("button", { name: /Reload plan/ })).not.toBeInTheDocument();
  });
});
