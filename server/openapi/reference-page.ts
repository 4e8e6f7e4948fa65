// GET /api/docs: the API's reference page, Swagger UI (swagger-ui-dist, served from node_modules by
// this server: no CDN, works offline) rendering GET /api/openapi.json. Public like the document: it
// holds no data, and "Try it out" sends the token a reader pastes into Authorize. A page of its
// own, outside the web app's bundle. Under a strict CSP: scripts and styles from this server only
// (the start-up is a file, not an inline script), images also as data: URLs (Swagger UI's icons),
// requests to this origin only (no validator badge), no framing.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { notFound } from "../http/errors";

export const REFERENCE_PATH = "/api/docs";

const DIST = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const SWAGGER_VERSION = (JSON.parse(readFileSync(join(DIST, "package.json"), "utf8")) as { version: string }).version;

export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

// The asset names carry Swagger UI's version: each is cached for good and a new version gets new names.
const asset = (name: string) => `${REFERENCE_PATH}/${SWAGGER_VERSION}/${name}`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Fieldworks API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${asset("swagger-ui.css")}" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${asset("swagger-ui-bundle.js")}"></script>
    <script src="${asset("start.js")}"></script>
  </body>
</html>
`;

// Every operation folded (305 of them), a filter by tag (the resource's name), the bearer token kept for the tab only.
const START = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  docExpansion: "none",
  defaultModelsExpandDepth: 0,
  filter: true,
  validatorUrl: null,
  tryItOutEnabled: false,
});
`;

const FILES: Record<string, { type: string; read: () => Buffer | string }> = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", read: () => readFileSync(join(DIST, "swagger-ui.css")) },
  "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", read: () => readFileSync(join(DIST, "swagger-ui-bundle.js")) },
  "start.js": { type: "text/javascript; charset=utf-8", read: () => START },
};
const loaded = new Map<string, Buffer | string>();

export function registerReferencePage(app: FastifyInstance): void {
  app.get(REFERENCE_PATH, async (_req, reply) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").header("Content-Security-Policy", REFERENCE_CSP).send(PAGE),
  );
  app.get<{ Params: { version: string; name: string } }>(`${REFERENCE_PATH}/:version/:name`, async (req, reply) => {
    const file = FILES[req.params.name];
    if (!file || req.params.version !== SWAGGER_VERSION) throw notFound();
    let body = loaded.get(req.params.name);
    if (body === undefined) loaded.set(req.params.name, (body = file.read()));
    return reply.type(file.type).header("Cache-Control", "public, max-age=31536000, immutable").send(body);
  });
}
