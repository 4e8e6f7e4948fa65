// Toasts without react-toastify up front: the library (and the one ToastContainer, App) loads
// when the first toast is shown, on any page; react-toastify queues toasts raised before its
// container mounts. A page may also ask for the container at once (wantToasts: the map).
import { lazy, Suspense, useSyncExternalStore } from "react";

type Toastify = typeof import("react-toastify");

let library: Promise<Toastify> | undefined;
let loadedLibrary: Toastify | undefined;

/** The library, loaded once (its chunk is fetched on the first call). */
export const loadToastify = (): Promise<Toastify> => (library ??= import("react-toastify").then((m) => (loadedLibrary = m)));

/** The library if it has loaded (then no toast has been shown without it). */
export const toastifyIfLoaded = (): Toastify | undefined => loadedLibrary;

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast container (and loads its library). */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

/** The library with the container mounted: for showing a toast. */
export function toastsReady(): Promise<Toastify> {
  wantToasts();
  return loadToastify();
}

/** An error toast with a fixed id (a second one with the same id is not stacked). */
export async function toastError(message: string, toastId: string): Promise<void> {
  const { toast } = await toastsReady();
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
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
