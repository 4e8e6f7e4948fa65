// The svar Gantt (Willow theme) over the plan: takes the saved plan when `loadCount` moves,
// reports every finished edit (move, resize, progress, add, delete, indent, link) through
// `onEdited`, with the tasks the user edited; each bar's content (BaselineGhost) draws the
// overlays from the store.
import { Gantt, Willow, type IApi, type ITask, type TID } from "@svar-ui/react-gantt";
import themeCss from "@svar-ui/react-gantt/all.css?inline";
import { memo, useCallback, useEffect, useMemo, useRef, type FC } from "react";
import { useTranslation } from "react-i18next";
import { LINKED_MOVE } from "../hooks/useLinkedMoves";
import { formatDate } from "../../../lib/format";
import { activitiesToGantt, recordStartOf } from "../model/ganttMapping";
import { useGanttStore } from "../store/ganttStore";
import { scaleSetup } from "./ganttScales";
import { BaselineGhost } from "./BaselineGhost";
import "./gantt.css";

// The library's styles, without its @font-face rules: they point at the library's CDN, and Roboto
// is in the app's own font stack, so the browser would fetch it (the app calls nothing outside its
// server). Added once, when this chunk loads.
if (typeof document !== "undefined" && !document.getElementById("fw-gantt-theme")) {
  const style = document.createElement("style");
  style.id = "fw-gantt-theme";
  style.textContent = themeCss.replace(/@font-face\s*\{[^}]*\}/g, "");
  document.head.prepend(style);
}

/** Actions after which the plan differs from the saved one (inProgress drags are not finished). */
const EDIT_ACTIONS: string[] = ["update-task", "add-task", "delete-task", "move-task", "indent-task", "copy-task", "add-link", "update-link", "delete-link"];

/** What a chart action carries that tells which task the user edited. */
interface EditEvent {
  id?: TID;
  inProgress?: boolean;
  /** The chart's own follow-up updates (a summary fitted to its tasks, a summary's tasks moved with it). */
  skipUndo?: boolean;
  link?: { source?: TID };
  [LINKED_MOVE]?: boolean;
}

/** The tasks a finished action edited, as far as links go: the task moved or resized, a new or changed link's source. */
function editedBy(action: string, ev: EditEvent | undefined, api: IApi): TID[] {
  if (!ev || ev.skipUndo || ev[LINKED_MOVE]) return [];
  if (action === "update-task" && ev.id !== undefined) return [ev.id];
  if (action === "add-link" && ev.link?.source !== undefined) return [ev.link.source];
  if (action === "update-link" && ev.id !== undefined) {
    const source = api.getState().links.byId(ev.id)?.source;
    return source === undefined ? [] : [source];
  }
  return [];
}

export interface GanttChartProps {
  onApi(api: IApi | null): void;
  /** A finished edit; `edited`: the tasks whose linked work may have to follow. */
  onEdited(api: IApi, edited: TID[]): void;
  readonly?: boolean;
}

export const GanttChart = memo(function GanttChart({ onApi, onEdited, readonly }: GanttChartProps) {
  const { t, i18n } = useTranslation();
  const loadCount = useGanttStore((s) => s.loadCount);
  const scale = useGanttStore((s) => s.scale);
  const select = useGanttStore((s) => s.select);
  const edited = useRef(onEdited);
  useEffect(() => {
    edited.current = onEdited;
  }, [onEdited]);
  // The chart's data changes only on a (re)load: edits live in the chart until saved.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => activitiesToGantt(useGanttStore.getState().saved), [loadCount]);
  const setup = useMemo(() => scaleSetup(scale, i18n.language), [scale, i18n.language]);
  const markers = useMemo(() => {
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    return [{ start: today, text: t("gantt.today"), css: "fw-today" }];
  }, [t]);
  const columns = useMemo(
    () => [
      { id: "text", header: t("gantt.columns.name"), flexgrow: 1 },
      // The record's date (DD-MM-YYYY): a milestone by its own day, not the midnight after it where the chart draws it.
      { id: "start", header: t("gantt.columns.start"), width: 96, align: "center" as const, template: (_v: unknown, row: ITask) => formatDate(recordStartOf(row)) },
      { id: "duration", header: t("gantt.columns.days"), width: 64, align: "center" as const },
    ],
    [t],
  );

  // Stable: a new `init` would have the chart start over.
  const init = useCallback(
    (api: IApi) => {
      onApi(api);
      for (const action of EDIT_ACTIONS) {
        api.on(action, (ev: EditEvent) => {
          if (ev?.inProgress) return;
          edited.current(api, editedBy(action, ev, api));
        });
      }
      api.on("select-task", (ev: { id: unknown }) => select(typeof ev.id === "number" ? ev.id : /^\d+$/.test(String(ev.id)) ? Number(ev.id) : null));
    },
    [onApi, select],
  );
  useEffect(() => () => onApi(null), [onApi]);

  return (
    <div className="fw-gantt" data-testid="gantt-chart">
      <Willow fonts={false}>
        <Gantt
          key={loadCount}
          init={init}
          tasks={data.tasks}
          links={data.links}
          scales={setup.scales}
          cellWidth={setup.cellWidth}
          columns={columns}
          markers={markers}
          readonly={readonly}
          taskTemplate={BaselineGhost as FC<{ data: ITask; api: IApi }>}
        />
      </Willow>
    </div>
  );
});
