// The generated screens' notification path for bespoke pages: Refine's notification provider
// (react-toastify underneath), the same words and the same failure text (src/http/errorKeys.ts).
// A bespoke page never calls react-toastify itself.
import { useNotification } from "@refinedev/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { refusalText, toHttpError } from "../providers/dataHelpers/errors";
import type { Notice } from "../providers/notificationProvider";
import { deletedNotification, failedNotification, savedNotification } from "./notifications";

export type FailureKind = "saveFailed" | "deleteFailed" | "loadFailed" | "exportFailed" | "downloadFailed";

export interface Notify {
  saved(): void;
  deleted(): void;
  /** A failed call: the kind's title and the error's text (its key decides the words). */
  failed(kind: FailureKind, error: unknown): void;
  /** Any other message, already translated. */
  info(message: string, description?: string): void;
  /** Any other failure: its title, already translated, and the error's text (its key decides the words). */
  refused(message: string, error: unknown): void;
  /**
   * A message standing alone, already translated, as an error or a warning (the map's rows of the
   * spec's error catalogue); one per `key` while it shows (a second one replaces it).
   */
  alert(type: "error" | "warning", message: string, key: string): void;
}

export function useNotify(): Notify {
  const { open: refineOpen } = useNotification();
  // The app's provider (src/providers/notificationProvider.tsx) takes a warning too; Refine's types name only its own.
  const open = refineOpen as ((notice: Notice) => void) | undefined;
  const { t } = useTranslation();
  return useMemo(
    () => ({
      saved: () => open?.(savedNotification(t)()),
      deleted: () => open?.(deletedNotification(t)()),
      failed: (kind, error) => open?.(failedNotification(t, kind)(toHttpError(error))),
      info: (message, description) => open?.({ type: "success", message, description }),
      // No form to carry the field errors: they follow the message ("Must be within the last 24 hours.").
      refused: (message, error) => open?.({ type: "error", message, description: refusalText(error) }),
      alert: (type, message, key) => open?.({ type, message, key }),
    }),
    [open, t],
  );
}
