// Entry: the React 19 patch for antd first, then service workers gone, i18n, render.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { initI18n } from "./i18n";

/** The spec: on start the product unregisters any service worker. */
function unregisterServiceWorkers(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
    .catch(() => {
      // not allowed here (e.g. a file:// or sandboxed origin): nothing to unregister
    });
}

unregisterServiceWorkers();
initI18n();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
