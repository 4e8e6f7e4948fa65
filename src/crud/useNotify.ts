// The generated screens' notification path for bespoke pages: Refine's notification provider
// (react-toastify underneath), the same words and the same failure text (src/http/errorKeys.ts).
// A bespoke page never calls react-toastify itself.
import { useNotification } from "@refinedev/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toHttpError } from "../providers/dataHelpers/errors";
import { deletedNotification, failedNotification, savedNotification } from "./notifications";

export type FailureKind = "saveFailed" | "deleteFailed" | "loadFailed" | "exportFailed" | "downloadFailed";

export interface Notify {
  saved(): void;
  deleted(): void;
  /** A failed call: the kind's title and the error's text (its key decides the words). */
  failed(kind: FailureKind, error: unknown): void;
  /** Any other message, already translated. */
  info(message: string, description?: string): void;
}

export function useNotify(): Notify {
  const { open } = useNotification();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      saved: () => open?.(savedNotification(t)()),
      deleted: () => open?.(deletedNotification(t)()),
      failed: (kind, error) => open?.(failedNotification(t, kind)(toHttpError(error))),
      info: (message, description) => open?.({ type: "success", message, description }),
    }),
    [open, t],
  );
}
