// The load generator of bench:field (bench/field.ts), in its own process so it does not share the
// server's event loop: `phones` simulated phones, each sending one OsmAnd position a second
// (GET /osmand?id=<key>&timestamp=…, as Traccar Client does) for `duration` seconds, beside
// `clients` field pages each posting waypoint/add-batch with `batch` new points, `rate` times a
// second (0: back to back, as fast as the server answers). Prints one JSON line of figures:
// per kind the requests, statuses, transport errors, latencies (ms) and positions sent.
import { Agent, request } from "node:http";

interface Config {
  base: string;
  duration: number;
  phones: string[];
  clients: string[];
  batch: number;
  rate: number;
}

const cfg = JSON.parse(process.argv[2]) as Config;
// Connections kept alive (a phone's HTTP client does the same), as many as there are devices.
const agent = new Agent({ keepAlive: true, maxSockets: cfg.phones.length + cfg.clients.length + 8 });

/** One HTTP request: its status once the whole answer is read. */
function http(url: string, o: { method: string; headers?: Record<string, string>; body?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method, headers: o.body === undefined ? o.headers : { ...o.headers, "content-length": Buffer.byteLength(o.body) }, agent }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(o.body);
  });
}

interface Kind {
  requests: number;
  positions: number;
  statuses: Record<string, number>;
  errors: number;
  latencies: number[];
  firstError?: string;
}
const kinds: Record<"osmand" | "batch", Kind> = {
  osmand: { requests: 0, positions: 0, statuses: {}, errors: 0, latencies: [] },
  batch: { requests: 0, positions: 0, statuses: {}, errors: 0, latencies: [] },
};

async function send(kind: Kind, url: string, init: { method: string; headers?: Record<string, string>; body?: string }, positions: number): Promise<void> {
  const t0 = performance.now();
  try {
    const status = await http(url, init);
    kind.latencies.push(performance.now() - t0);
    kind.statuses[status] = (kind.statuses[status] ?? 0) + 1;
    if (status !== 200 && !kind.firstError) kind.firstError = `${status} ${url.slice(0, 120)}`;
  } catch (e) {
    kind.errors++;
    if (!kind.firstError) kind.firstError = (e as Error).message;
  }
  kind.requests++;
  kind.positions += positions;
}

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - performance.now())));

async function main(): Promise<void> {
  const start = performance.now() + 500;
  const end = start + cfg.duration * 1000;
  const startSec = Math.floor(Date.now() / 1000) + 1;
  const inFlight: Array<Promise<void>> = [];

  // Phones: position k of phone i at start + k seconds (+ i × 1000/phones ms, spread over the second).
  const phones = cfg.phones.map(async (key, i) => {
    const lat = -6.2 - i / 1000;
    for (let k = 0; k < cfg.duration; k++) {
      await sleepUntil(start + k * 1000 + (i * 1000) / cfg.phones.length);
      const q = `id=${key}&timestamp=${startSec + k}&lat=${(lat - k / 100000).toFixed(6)}&lon=${(106.8 + k / 100000).toFixed(6)}&speed=1.9&bearing=90&altitude=12&accuracy=6&batt=${80 - Math.floor(k / 10)}`;
      inFlight.push(send(kinds.osmand, `${cfg.base}/osmand?${q}`, { method: "GET" }, 1));
    }
  });

  // Field pages: batches of new points (a point a second of the client's day, going back from now).
  const clients = cfg.clients.map(async (token, c) => {
    let seq = 0;
    const base = Date.now() - 6 * 24 * 3600_000 + c * 3_600_000;
    let next = start + (c * 1000) / Math.max(1, cfg.clients.length) / Math.max(1, cfg.rate);
    while (performance.now() < end) {
      if (cfg.rate > 0) await sleepUntil(next);
      if (performance.now() >= end) break;
      next += cfg.rate > 0 ? 1000 / cfg.rate : 0;
      const points = Array.from({ length: cfg.batch }, () => {
        const i = seq++;
        return { wptime: new Date(base + i * 1000).toISOString(), lon: 106.8 + i / 1e6, lat: -6.2 - c / 100, accuracy: 5, speed: 1.2, battery: 70 };
      });
      const p = send(
        kinds.batch,
        `${cfg.base}/api/waypoint/add-batch`,
        { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ points }) },
        points.length,
      );
      if (cfg.rate > 0) inFlight.push(p);
      else await p;
    }
  });
  await Promise.all([...phones, ...clients]);
  await Promise.all(inFlight);
  agent.destroy();
  const seconds = (performance.now() - start) / 1000;
  const out = Object.fromEntries(
    Object.entries(kinds).map(([name, k]) => {
      const sorted = [...k.latencies].sort((a, b) => a - b);
      const q = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);
      return [
        name,
        {
          requests: k.requests,
          positions: k.positions,
          statuses: k.statuses,
          errors: k.errors,
          firstError: k.firstError,
          p50: q(0.5),
          p95: q(0.95),
          p99: q(0.99),
          max: sorted[sorted.length - 1] ?? NaN,
          latencies: sorted,
        },
      ];
    }),
  );
  console.log(JSON.stringify({ seconds, ...out }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
