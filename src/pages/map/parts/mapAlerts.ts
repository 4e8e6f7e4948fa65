// The map rows of the error catalogue, shown through the app's toasts.
import type { TFunction } from "i18next";
import { toastsReady } from "../../../lazy/toasts";
import type { MapAlert } from "../model/searchResult";

export async function showMapAlert(alert: MapAlert | null, t: TFunction): Promise<void> {
  if (!alert) return;
  const { toast } = await toastsReady();
  if (alert.kind === "noResponse") toast.error(`${t("errors.noConnection")} (${alert.errorType})`, { toastId: "map-no-connection" });
  else toast.error(alert.message, { toastId: `map-error-${alert.message}` });
}

export async function warnHistoryNotFound(t: TFunction): Promise<void> {
  const { toast } = await toastsReady();
  toast.warning(t("errors.historyNotFound"), { toastId: "map-history-not-found" });
}
