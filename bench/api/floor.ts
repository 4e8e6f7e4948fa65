// The HTTP floor of bench:api: a bare Fastify route on the server's own request stack (the same
// JSON parser and depth limit, security headers, request limits and compression: server/http/
// stack.ts) and the same token check (authenticate against the same database), answering a fixed
// answer: a real search page captured before the load. What the search costs above it is the
// search's own work; figures are printed as a ratio to it, which reads the same on any machine.
import Fastify from "fastify";
import { authenticate } from "../../server/auth/tokens";
import type { App } from "../../server/app";
import { installHttpStack } from "../../server/http/stack";

export const FLOOR_PATH = "/api/bench-floor/search";

/** Starts the floor on a free port of 127.0.0.1; close() stops it. */
export async function startFloor(app: App, answer: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const floor = Fastify({ logger: false, bodyLimit: app.services.config.bodyLimit });
  await installHttpStack(floor, app.services.config);
  floor.post(FLOOR_PATH, async (req) => {
    await authenticate(app.services.db, req);
    return answer;
  });
  const url = await floor.listen({ host: "127.0.0.1", port: 0 });
  return { url, close: () => floor.close() };
}
