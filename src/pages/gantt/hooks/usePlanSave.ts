// Saving the plan: after every finished edit the chart's whole plan goes to save-plan/{id} with
// the revision it was made on. One save at a time: edits made while one is on its way go in the
// next. A refusal because the plan moved on (key `plan_stale`) keeps the plan on screen and the
// toolbar offers to reload; every failure is said through useNotify.
import type { IApi, ILink, ITask, TID } from "@svar-ui/react-gantt";
import { useCallback, useRef } from "react";
import { useNotify, type Notify } from "../../../crud/useNotify";
import { errorKeyOf } from "../../../http/errorKeys";
import { savePlan } from "../api/ganttCalls";
import type { Activity } from "../model/activity";
import { ganttToActivities } from "../model/ganttMapping";
import { planActivities, planBody, type SavePlanBody } from "../model/planPayload";
import { useGanttStore } from "../store/ganttStore";

/** Resolves once the browser has painted what is on screen now: the views follow an edit in the
 *  frame after the drop, and the save's request (hundreds of KB for a large plan) comes after. */
const afterPaint = () => new Promise<void>((done) => (typeof requestAnimationFrame === "function" ? requestAnimationFrame(() => setTimeout(done, 0)) : setTimeout(done, 0)));

const isSavedId = (id: TID) => typeof id === "number" || /^\d+$/.test(String(id));

/** The save body for the chart's plan now. */
export function bodyFromChart(api: IApi, saved: readonly Activity[], revision: number): SavePlanBody {
  const tasks = (api.serialize({ data: "tasks" }) ?? []) as Partial<ITask>[];
  const links = (api.serialize({ data: "links" }) ?? []) as ILink[];
  const newLinks = new Map<TID, Array<{ source: TID; type: string; lag?: number }>>();
  for (const l of links) if (!isSavedId(l.source)) newLinks.set(l.target, [...(newLinks.get(l.target) ?? []), { source: l.source, type: l.type, lag: l.lag }]);
  return planBody(ganttToActivities(tasks, links), saved, revision, newLinks);
}

/** One save of the chart's plan (`ready`: its body, when the caller has it already); true when it went through (then edits made meanwhile may follow). */
async function saveOnce(api: IApi, notify: Notify, ready?: SavePlanBody): Promise<boolean> {
  const store = useGanttStore.getState();
  const versionId = store.versionId;
  if (versionId === null) return false;
  const body = ready ?? bodyFromChart(api, store.saved, store.revision);
  store.setEdited(planActivities(body));
  store.setSaveState("saving");
  try {
    await afterPaint();
    const answer = await savePlan(versionId, body);
    if (useGanttStore.getState().versionId !== versionId) return false;
    // New activities got ids: the chart takes the saved plan.
    const added = body.activities.some((e) => e.key !== undefined);
    useGanttStore.getState().savedPlan(answer.activities as unknown as Activity[], answer.revision, added);
    return !added;
  } catch (e) {
    // Decided by the answer's key: another save came first (the toolbar offers the reload).
    useGanttStore.getState().setSaveState(errorKeyOf(e) === "plan_stale" ? "stale" : "failed");
    notify.failed("saveFailed", e);
    return false;
  }
}

export function usePlanSave() {
  const notify = useNotify();
  const busy = useRef(false);
  const again = useRef<IApi | null>(null);

  return useCallback(
    /** Saves the chart's plan (`body`: the plan's save body when the caller has just made it). */
    async (first: IApi, body?: SavePlanBody): Promise<void> => {
      const store = useGanttStore.getState();
      if (busy.current) {
        // The views (critical path, comparison) follow the edit at once; the save comes after the one on its way.
        store.setEdited(planActivities(body ?? bodyFromChart(first, store.saved, store.revision)));
        again.current = first;
        return;
      }
      busy.current = true;
      try {
        let api: IApi | null = first;
        let ready = body;
        while (api) {
          again.current = null;
          api = (await saveOnce(api, notify, ready)) ? again.current : null;
          ready = undefined;
        }
      } finally {
        busy.current = false;
        again.current = null;
      }
    },
    [notify],
  );
}
