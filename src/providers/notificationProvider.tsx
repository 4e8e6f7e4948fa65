// Refine's notifications as react-toastify toasts (the app's one ToastContainer): a toast with
// the same key is updated in place; "progress" (undoable mutations) shows an Undo button that
// calls cancelMutation and counts down with the toast's progress bar. Beyond Refine's types
// (success, error, progress) it shows a warning too: the spec's map history row is a warning toast
// (useNotify's `alert`).
// The library loads with the first toast (src/lazy/toasts.tsx): the shell and its lists need
// none of it until something is to be said.
import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import type { ToastOptions, TypeOptions } from "react-toastify";
import { i18n } from "../i18n";
import { toastifyIfLoaded, toastsReady } from "../lazy/toasts";

function Message({ message, description }: { message: string; description?: string }) {
  return (
    <div>
      <strong>{message}</strong>
      {description ? <div>{description}</div> : null}
    </div>
  );
}

function UndoMessage({ message, description, onUndo }: { message: string; description?: string; onUndo: () => void }) {
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 12, justifyContent: "space-between" }}>
      <Message message={message} description={description} />
      <button type="button" onClick={onUndo} style={{ cursor: "pointer", border: "1px solid currentColor", borderRadius: 4, background: "transparent", padding: "2px 10px" }}>
        {i18n.t("buttons.undo")}
      </button>
    </div>
  );
}

/** Refine's notification types, and a warning. */
export type NoticeType = OpenNotificationParams["type"] | "warning";
export type Notice = Omit<OpenNotificationParams, "type"> & { type: NoticeType };

const TYPE: Record<NoticeType, TypeOptions> = { success: "success", error: "error", progress: "info", warning: "warning" };

export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type, cancelMutation, undoableTimeout }: Notice) => {
    const isProgress = type === "progress";
    const render = isProgress ? (
      <UndoMessage
        message={message}
        description={description}
        onUndo={() => {
          cancelMutation?.();
          if (key) toastifyIfLoaded()?.toast.dismiss(key);
        }}
      />
    ) : (
      <Message message={message} description={description} />
    );
    const options: ToastOptions = {
      type: TYPE[type],
      // progress toasts live exactly as long as the undo window; others use the container's 5000 ms
      autoClose: isProgress ? (undoableTimeout ?? 5) * 1000 : undefined,
      closeButton: !isProgress,
      pauseOnHover: !isProgress,
    };
    // In call order: every open awaits the same loaded library.
    void toastsReady().then(({ toast }) => {
      if (key && toast.isActive(key)) toast.update(key, { ...options, render });
      else toast(render, { ...options, toastId: key });
    });
  },
  // Before the library has loaded no toast was shown: nothing to close.
  close: (key) => toastifyIfLoaded()?.toast.dismiss(key),
};

export default notificationProvider;
