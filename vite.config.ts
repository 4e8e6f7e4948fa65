import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies the services to the bundled API server (npm run server).
const target = `http://localhost:${process.env.PORT ?? 3000}`;
const proxied = ["/api", "/legacy", "/map-service", "/gis", "/invoice"];

export default defineConfig({
  plugins: [react()],
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
