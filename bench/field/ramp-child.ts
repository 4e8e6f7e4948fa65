// One step of bench:field's ingest saturation (bench/field/saturation.ts), in its own process so
// the load does not share the server's event loop: GET <base>/osmand with one new position a
// request (phone `seq % keys`, a millisecond timestamp of its own from `t0 + seq`), `rate`
// requests a second spread evenly (every 2 ms the requests due by then are sent) for `duration`
// seconds, on at most `connections` kept-alive connections. A request's latency runs from the
// moment it was due, not from when a free connection took it: waiting for one counts (no
// coordinated omission). Prints one JSON line: requests, answered a second, statuses, transport
// errors, p50/p99/max (ms).
import { Agent, request } from "node:http";

interface Config {
  base: string;
  keys: string[];
  rate: number;
  duration: number;
  connections: number;
  seq: number;
  t0: number;
}

const cfg = JSON.parse(process.argv[2]) as Config;
const agent = new Agent({ keepAlive: true, maxSockets: cfg.connections });
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let errors = 0;
let firstError: string | undefined;

function get(path: string, due: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${cfg.base}${path}`, { agent }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => {
        latencies.push(performance.now() - due);
        const s = String(res.statusCode ?? 0);
        statuses[s] = (statuses[s] ?? 0) + 1;
        if (s !== "200" && !firstError) firstError = `${s} ${path.slice(0, 100)}`;
        resolve();
      });
      res.on("error", () => resolve());
    });
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.on("error", (e) => {
      errors++;
      if (!firstError) firstError = e.message;
      resolve();
    });
    req.end();
  });
}

async function main(): Promise<void> {
  const inFlight: Array<Promise<void>> = [];
  const total = Math.round(cfg.rate * cfg.duration);
  const start = performance.now() + 50;
  let sent = 0;
  let seq = cfg.seq;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) / 1000) * cfg.rate) + 1);
      for (; sent < due; sent++) {
        const i = seq++;
        const lat = (-6.2 - (i % 1000) / 100000).toFixed(6);
        const lon = (106.8 + (i % 997) / 100000).toFixed(6);
        const path = `/osmand?id=${cfg.keys[i % cfg.keys.length]}&timestamp=${cfg.t0 + i}&lat=${lat}&lon=${lon}&speed=1.9&bearing=90&altitude=12&accuracy=6&batt=80`;
        inFlight.push(get(path, start + (sent / cfg.rate) * 1000));
      }
      if (sent >= total) return done();
      setTimeout(tick, 2);
    };
    setTimeout(tick, 50);
  });
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const q = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);
  console.log(
    JSON.stringify({ requests: sent, perSec: (sent - errors) / seconds, statuses, errors, firstError, p50: q(0.5), p99: q(0.99), max: sorted[sorted.length - 1] ?? NaN, seq }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
