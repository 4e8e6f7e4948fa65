// After an edit in the chart (a task moved or lengthened, a link added), the work linked after it
// follows (model/linkedMoves.ts): each successor the edit would overlap is moved later in the
// chart, and a notification names what moved and by how much. The chart's own drag knows
// nothing of links (its auto-scheduling is in the paid edition).
import type { IApi, TID } from "@svar-ui/react-gantt";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { formatDate } from "../../../lib/format";
import { taskDatesOf } from "../model/ganttMapping";
import { linkedMoves, type LinkedMove } from "../model/linkedMoves";
import type { SavePlanBody } from "../model/planPayload";
import { planActivities } from "../model/planPayload";
import { useGanttStore } from "../store/ganttStore";
import { bodyFromChart } from "./usePlanSave";

/** Marks the chart updates made here: they are not the user's edits (GanttChart skips them). */
export const LINKED_MOVE = "fwLinkedMove";

/** Names listed in the notification; more are counted. */
const LISTED = 5;

export function useLinkedMoves() {
  const { t } = useTranslation();
  const notify = useNotify();

  const describe = useCallback(
    (moves: readonly LinkedMove[]) => {
      const lines = moves.slice(0, LISTED).map((m) => t("gantt.linked.item", { name: m.name, days: t("gantt.linked.days", { count: m.days }), start: formatDate(m.start_date) }));
      if (moves.length > LISTED) lines.push(t("gantt.linked.more", { count: moves.length - LISTED }));
      return lines.join("; ");
    },
    [t],
  );

  /**
   * Moves what follows the edited tasks (chart ids) in the chart and says so. Answers the plan's
   * save body when nothing had to move (the save takes it as it is), else undefined.
   */
  return useCallback(
    (api: IApi, edited: readonly TID[]): SavePlanBody | undefined => {
      const store = useGanttStore.getState();
      const body = bodyFromChart(api, store.saved, store.revision);
      // The plan's ids: saved activities by id, new ones by the stand-in ids planActivities gives them.
      const planId = new Map<string, number>();
      const chartId = new Map<number, TID>();
      body.activities.forEach((e, i) => {
        const id = e.id ?? -(i + 1);
        const tid = e.id ?? e.key!;
        planId.set(String(tid), id);
        chartId.set(id, tid);
      });
      const ids = edited.map((id) => planId.get(String(id))).filter((id): id is number => id !== undefined);
      const moves = ids.length ? linkedMoves(planActivities(body), ids) : [];
      if (!moves.length) return body;
      const byId = new Map(body.activities.map((e, i) => [e.id ?? -(i + 1), e]));
      for (const m of moves) {
        const type = byId.get(m.id)?.type ?? "task";
        void api.exec("update-task", { id: chartId.get(m.id)!, task: taskDatesOf({ type, start_date: m.start_date, end_date: m.end_date }), [LINKED_MOVE]: true });
      }
      notify.info(t("gantt.linked.title", { count: moves.length }), describe(moves));
      return undefined;
    },
    [notify, t, describe],
  );
}
