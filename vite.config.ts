import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { antdButtonIsBright } from "./build/vite/antd-button-is-bright.ts";
import { antdDeepIcons } from "./build/vite/antd-deep-icons.ts";
import { antdTableNoFilterDropdown } from "./build/vite/antd-table-no-filter-dropdown.ts";
import { mapSideChannel } from "./build/vite/map-side-channel.ts";
import { nativeResizeObserver } from "./build/vite/native-resize-observer.ts";
import { noSideEffects } from "./build/vite/no-side-effects.ts";
import { proProviderLocales } from "./build/vite/pro-provider-locales.ts";
import { rcSelectOptionAria } from "./build/vite/rc-select-option-aria.ts";
import { svarGridAria } from "./build/vite/svar-grid-aria.ts";

/**
 * Patches that keep vendor code out of the first screens (figures: npm run bench:bundle), each in
 * build/vite/ with what it does and why, and a test in tests/unit/vite-patches.test.ts that fails
 * when an upgrade changes the code it patches (antd is pinned to patch releases for them).
 */
const leanVendorImports = [noSideEffects(), proProviderLocales(), antdTableNoFilterDropdown(), antdButtonIsBright(), nativeResizeObserver(), mapSideChannel(), antdDeepIcons()];

/** Patches of vendor markup that assistive technology reads wrong (build/vite/, tested alike). */
const accessibleVendorMarkup = [rcSelectOptionAria(), svarGridAria()];

// The dev server proxies the services to the bundled API server (npm run server).
const target = `http://localhost:${process.env.PORT ?? 3000}`;
const proxied = ["/api", "/legacy", "/map-service", "/gis", "/invoice"];

export default defineConfig({
  plugins: [react(), ...leanVendorImports, ...accessibleVendorMarkup],
  base: "./",
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target, changeOrigin: true }])),
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
