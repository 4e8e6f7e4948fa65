// The ingest saturation of bench:field (issue 29): OsmAnd positions one per request (GET /osmand
// with a device key, as Traccar Client sends them; each request a new position of one of the
// phones, its own millisecond timestamp, so every one is stored) at a rate raised step by step,
// spread evenly, from a child process (bench/field/ramp-child.ts; latency from the moment a
// request was due, so a queue at the client counts) until a step's p99 passes 50 ms, an error or
// a non-200 appears, or the server no longer takes the rate asked (less than 90 % of it), twice in a row at one rate. The last
// step that held is the saturation, printed as positions/s and as a ratio to the same ramp on an
// empty-answer floor: a bare GET /osmand on the server's own request stack (server/http/stack.ts)
// answering 200 with nothing, in the same process. Goal: ≥ 0.5 of the floor. Each server step
// also says how many requests shared an INSERT on average (group commit, server/field/position-writer.ts).
import { runChild } from "./run-child";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import type { App } from "../../server/app";
import { installHttpStack } from "../../server/http/stack";
import { positionWriterOf } from "../../server/field/position-writer";
import { fmtInt, fmtMs } from "../api/stats";

export const SATURATION_BUDGET = { p99Ms: 50, floorRatio: 0.5 };
/**
 * The rates tried, positions a second, in order: about 10 % apart from 2,000 on, so the ratio of
 * the two ramps is not decided by a coarse step (4,000 held and 5,000 not against 8,000 and
 * 10,000 read as 0.50 whether the truth is 0.45 or 0.55).
 */
const RATES = [
  250, 500, 1000, 1500, 2000, 2250, 2500, 2750, 3000, 3300, 3600, 4000, 4400, 4800, 5300, 5800, 6400, 7000, 7700, 8500, 9300, 10200, 11200, 12300, 13500, 15000, 16500, 18000,
  20000,
];
/** Connections at most (kept alive), as that many phones sending at once. */
const CONNECTIONS = 200;
const CHILD = fileURLToPath(new URL("./ramp-child.ts", import.meta.url));

interface StepFigures {
  requests: number;
  perSec: number;
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  p50: number;
  p99: number;
  max: number;
  seq: number;
}

export interface Step {
  rate: number;
  r: StepFigures;
  held: boolean;
  why: string;
}

const runStep = (config: object, timeoutMs: number): Promise<StepFigures> => runChild<StepFigures>(CHILD, config, timeoutMs, "ramp step");

const nonOk = (r: StepFigures) => Object.entries(r.statuses).reduce((n, [s, c]) => n + (s === "200" ? 0 : c), 0);

/** Whether a step held: p99 within budget, no errors or non-200, ≥ 90 % of the rate asked. */
function judge(rate: number, r: StepFigures): { held: boolean; why: string } {
  if (r.errors || nonOk(r)) return { held: false, why: `${r.errors} transport errors, statuses ${JSON.stringify(r.statuses)}${r.firstError ? `, first: ${r.firstError}` : ""}` };
  if (r.p99 > SATURATION_BUDGET.p99Ms) return { held: false, why: `p99 ${fmtMs(r.p99)}` };
  if (r.perSec < 0.9 * rate) return { held: false, why: `${fmtInt(r.perSec)}/s of ${fmtInt(rate)}/s asked` };
  return { held: true, why: "" };
}

const best = (steps: Step[]) => steps.filter((s) => s.held).reduce((m, s) => Math.max(m, s.r.perSec), 0);

/** Runs both ramps against `app` (listening at `address`) with these device keys; answers whether the goal held. */
export async function saturation(app: App, address: string, keys: readonly string[], seconds: number, log: (s?: string) => void): Promise<boolean> {
  // Positions from an hour ago on, a millisecond apart: every one is new (stored, never a duplicate).
  const t0 = Date.now() - 3_600_000;
  let seq = 0;
  const step = async (base: string, rate: number, secs: number) => {
    const r = await runStep({ base, keys, rate, duration: secs, connections: CONNECTIONS, seq, t0 }, (secs + 60) * 1000);
    seq = r.seq;
    return r;
  };
  const writer = positionWriterOf(app.services.db).stats;
  /** Raises the rate on `base` until a step does not hold; answers the steps run. */
  const ramp = async (base: string, label: string): Promise<Step[]> => {
    await step(base, 500, 2); // warm-up (JIT, connections, statement cache), not counted
    const steps: Step[] = [];
    for (const rate of RATES) {
      // A step that does not hold is run once more (a pause of another process on a shared machine
      // is not the server's limit); the ramp stops when it fails twice.
      let held = false;
      for (let run = 0; run < 2 && !held; run++) {
        const before = { ...writer };
        const r = await step(base, rate, seconds);
        const j = judge(rate, r);
        const inserts = writer.inserts - before.inserts;
        const grouped = inserts ? `, ${((writer.requests - before.requests) / inserts).toFixed(1)} requests an INSERT` : "";
        held = j.held;
        steps.push({ rate, r, held, why: j.why });
        log(
          `  ${label.padEnd(6)} ${fmtInt(rate).padStart(6)}/s asked: ${fmtInt(r.perSec).padStart(6)}/s answered, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, max ${fmtMs(r.max)}${grouped}${held ? "" : run === 0 ? `: does not hold (${j.why}), once more` : `: stops (${j.why})`}`,
        );
      }
      if (!held) break;
    }
    return steps;
  };
  const floor = Fastify({ logger: false, bodyLimit: app.services.config.bodyLimit });
  await installHttpStack(floor, app.services.config);
  floor.get("/osmand", async (_req, reply) => reply.code(200).send());
  const floorUrl = await floor.listen({ host: "127.0.0.1", port: 0 });
  try {
    log();
    log(
      `ingest saturation: OsmAnd one position a request, evenly spread, at most ${CONNECTIONS} connections, ${seconds} s a step; the server, then the empty-answer floor on the same stack:`,
    );
    const server = await ramp(address, "server");
    const floorSteps = await ramp(floorUrl, "floor");
    const s = best(server);
    const f = best(floorSteps);
    const ratio = f > 0 ? s / f : 0;
    const ok = ratio >= SATURATION_BUDGET.floorRatio;
    const topped = (steps: Step[]) =>
      steps[steps.length - 1]?.held && steps[steps.length - 1].rate === RATES[RATES.length - 1]
        ? ` (every rate up to ${fmtInt(RATES[RATES.length - 1])}/s held: a lower bound)`
        : "";
    log(
      `ingest saturation: ${fmtInt(s)} positions/s${topped(server)}, the floor ${fmtInt(f)}/s${topped(floorSteps)}: ${ratio.toFixed(2)} of it (goal ≥ ${SATURATION_BUDGET.floorRatio}) ${ok ? "PASS" : "FAIL"}`,
    );
    return ok;
  } finally {
    await floor.close();
  }
}
