// Toasts without react-toastify in the first screen: the one ToastContainer (App) mounts, and
// its library loads, only once a page wants toasts (the shell, the map) or one is shown.
// react-toastify queues toasts raised before its container mounts.
import { lazy, Suspense, useSyncExternalStore } from "react";

type Toastify = typeof import("react-toastify");

let library: Promise<Toastify> | undefined;
const loadToastify = (): Promise<Toastify> => (library ??= import("react-toastify"));

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast container (and loads its library). */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

/** An error toast with a fixed id (a second one with the same id is not stacked). */
export async function toastError(message: string, toastId: string): Promise<void> {
  wantToasts();
  const { toast } = await loadToastify();
  toast.error(message, { toastId });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const Container = lazy(() =>
  loadToastify().then(({ ToastContainer }) => ({
    // The spec's toasts: top-right, auto-close 5000 ms, drag to dismiss at 80 percent.
    default: () => <ToastContainer position="top-right" autoClose={5000} draggablePercent={80} />,
  })),
);

/** The app's one toast container, mounted on demand. */
export function ToastHost() {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  return show ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
