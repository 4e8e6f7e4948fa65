// The map rows of the spec's error catalogue, said through the app's one notification path
// (useNotify, Refine's notification provider): a map call without an answer, the connection
// message with the error type; a map call that failed, its message; a history search that found
// nothing, the warning. One of each at a time (a second one replaces it).
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import type { MapAlert } from "../model/searchResult";

export function useMapAlerts() {
  const notify = useNotify();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      showMapAlert(alert: MapAlert | null): void {
        if (!alert) return;
        if (alert.kind === "noResponse") notify.alert("error", `${t("errors.noConnection")} (${alert.errorType})`, "map-no-connection");
        else notify.alert("error", alert.message, `map-error-${alert.message}`);
      },
      warnHistoryNotFound(): void {
        notify.alert("warning", t("errors.historyNotFound"), "map-history-not-found");
      },
    }),
    [notify, t],
  );
}
