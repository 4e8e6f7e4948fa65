// The ingest saturation of bench:field (issue 29): OsmAnd positions one per request (GET /osmand
// with a device key, as Traccar Client sends them; each request a new position of one of the
// phones, its own millisecond timestamp, so every one is stored) at a rate raised step by step
// (autocannon's overallRate, latencies corrected for coordinated omission; `connections` kept-alive
// connections, as that many phones) until a step's p99 passes 50 ms, an error or a non-200 appears,
// or the server no longer takes the rate asked (less than 90 % of it). The last step that held is
// the saturation, printed as positions/s and as a ratio to the same ramp on an empty-answer floor:
// a bare GET /osmand on the server's own request stack (server/http/stack.ts) answering 200 with
// nothing, in the same process. Goal: ≥ 0.5 of the floor.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Fastify from "fastify";
import type { App } from "../../server/app";
import { installHttpStack } from "../../server/http/stack";
import { runCannon, type CannonResult } from "../api/cannon";
import { fmtInt, fmtMs } from "../api/stats";

export const SATURATION_BUDGET = { p99Ms: 50, floorRatio: 0.5 };
/** The rates tried, positions a second, in order. */
const RATES = [250, 500, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 16000, 20000];
const CONNECTIONS = 100;

export interface Step {
  rate: number;
  r: CannonResult;
  held: boolean;
  why: string;
}

/** Whether a step held: p99 within budget, no errors, timeouts or non-2xx, ≥ 90 % of the rate asked. */
function judge(rate: number, r: CannonResult): { held: boolean; why: string } {
  if (r.errors || r.timeouts || r.non2xx) return { held: false, why: `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx` };
  if (r.latency.p99 > SATURATION_BUDGET.p99Ms) return { held: false, why: `p99 ${fmtMs(r.latency.p99)}` };
  if (r.requestsPerSec < 0.9 * rate) return { held: false, why: `${fmtInt(r.requestsPerSec)}/s of ${fmtInt(rate)}/s asked` };
  return { held: true, why: "" };
}

/** Raises the rate on `url` until a step does not hold; answers the steps run. */
async function ramp(url: string, file: (rate: number, seconds: number) => string, seconds: number, log: (s?: string) => void, label: string): Promise<Step[]> {
  const steps: Step[] = [];
  // Warm-up (JIT, connections, statement cache), not counted.
  await runCannon({ url, connections: CONNECTIONS, duration: 2, headers: {}, requestsFile: file(500, 2), overallRate: 500 });
  for (const rate of RATES) {
    const r = await runCannon({ url, connections: CONNECTIONS, duration: seconds, headers: {}, requestsFile: file(rate, seconds), overallRate: rate });
    const { held, why } = judge(rate, r);
    steps.push({ rate, r, held, why });
    log(
      `  ${label.padEnd(6)} ${fmtInt(rate).padStart(6)}/s asked: ${fmtInt(r.requestsPerSec).padStart(6)}/s answered, p50 ${fmtMs(r.latency.p50)}, p99 ${fmtMs(r.latency.p99)}, max ${fmtMs(r.latency.max)}, non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts}${held ? "" : `: stops (${why})`}`,
    );
    if (!held) break;
  }
  return steps;
}

const best = (steps: Step[]) => steps.filter((s) => s.held).reduce((m, s) => Math.max(m, s.r.requestsPerSec), 0);

/** Runs both ramps against `app` (listening at `address`) with these device keys; answers whether the goal held. */
export async function saturation(app: App, address: string, keys: readonly string[], dir: string, seconds: number, log: (s?: string) => void): Promise<boolean> {
  let seq = 0;
  const t0 = Date.now() - 3_600_000;
  // One request a position: phone i % keys, a millisecond of its own (stored, never a duplicate).
  const file = (rate: number, secs: number) => {
    const n = Math.ceil(rate * secs * 1.2) + CONNECTIONS;
    const list = Array.from({ length: n }, () => {
      const i = seq++;
      const lat = (-6.2 - (i % 1000) / 100000).toFixed(6);
      const lon = (106.8 + (i % 997) / 100000).toFixed(6);
      return { method: "GET", path: `/osmand?id=${keys[i % keys.length]}&timestamp=${t0 + i}&lat=${lat}&lon=${lon}&speed=1.9&bearing=90&altitude=12&accuracy=6&batt=80` };
    });
    const path = join(dir, `osmand-${rate}.json`);
    writeFileSync(path, JSON.stringify(list));
    return path;
  };
  const floor = Fastify({ logger: false, bodyLimit: app.services.config.bodyLimit });
  await installHttpStack(floor, app.services.config);
  floor.get("/osmand", async (_req, reply) => reply.code(200).send());
  const floorUrl = await floor.listen({ host: "127.0.0.1", port: 0 });
  try {
    log();
    log(`ingest saturation: OsmAnd one position a request, ${CONNECTIONS} connections, ${seconds} s a step; the server, then the empty-answer floor on the same stack:`);
    const server = await ramp(address, file, seconds, log, "server");
    const floorSteps = await ramp(floorUrl, file, seconds, log, "floor");
    const s = best(server);
    const f = best(floorSteps);
    const ratio = f > 0 ? s / f : 0;
    const ok = ratio >= SATURATION_BUDGET.floorRatio;
    const topped = (steps: Step[]) => (steps.every((x) => x.held) ? ` (every rate up to ${fmtInt(RATES[RATES.length - 1])}/s held: a lower bound)` : "");
    log(
      `ingest saturation: ${fmtInt(s)} positions/s${topped(server)}, the floor ${fmtInt(f)}/s${topped(floorSteps)}: ${ratio.toFixed(2)} of it (goal ≥ ${SATURATION_BUDGET.floorRatio}) ${ok ? "PASS" : "FAIL"}`,
    );
    return ok;
  } finally {
    await floor.close();
  }
}
