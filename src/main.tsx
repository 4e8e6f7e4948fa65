// Entry: the React 19 patch for antd first, then service workers gone, the language, render.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { loadLanguage } from "./i18n";
import { unregisterServiceWorkers } from "./lazy/serviceWorkers";

void unregisterServiceWorkers();

const render = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The stored language's texts and locales first (English is bundled; this resolves at once).
loadLanguage().then(render, (e: unknown) => {
  console.error("language resources failed to load; English is used", e);
  render();
});
