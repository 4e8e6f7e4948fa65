// Toasts without react-toastify up front: the library (and the one ToastContainer, App) loads
// when the first toast is shown, on any page; react-toastify queues toasts raised before its
// container mounts. A page may also ask for the container at once (wantToasts: the map).
import { lazy, Suspense, useSyncExternalStore } from "react";
import { i18n } from "../i18n";

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

/** react-toastify's close button (same look), named in the user's language (the library's says "close"). */
function CloseButton({ closeToast, theme }: { closeToast?: (removedByUser: boolean) => void; theme?: string }) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme ?? "light"}`}
      aria-label={i18n.t("common.close")}
      onClick={(e) => {
        e.stopPropagation();
        closeToast?.(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

const Container = lazy(() =>
  loadToastify().then(({ ToastContainer }) => ({
    // The spec's toasts: top-right, auto-close 5000 ms, drag to dismiss at 80 percent; the region
    // and the close buttons named in the user's language.
    default: () => <ToastContainer position="top-right" autoClose={5000} draggablePercent={80} closeButton={CloseButton} aria-label={i18n.t("common.notifications")} />,
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
