// Success and failure toasts of the generated screens, in the app's words (Refine's defaults
// are English-only and name the resource by its API name).
import type { HttpError, OpenNotificationParams } from "@refinedev/core";

type T = (key: string, options?: Record<string, unknown>) => string;

export const savedNotification = (t: T) => (): OpenNotificationParams => ({ type: "success", message: t("crud.notifications.saved") });

export const deletedNotification = (t: T) => (): OpenNotificationParams => ({ type: "success", message: t("crud.notifications.deleted") });

export const failedNotification =
  (t: T, key: "saveFailed" | "deleteFailed" | "loadFailed" | "exportFailed" | "downloadFailed") =>
  (error?: HttpError): OpenNotificationParams => ({
    type: "error",
    message: t(`crud.notifications.${key}`),
    description: error?.message,
  });
