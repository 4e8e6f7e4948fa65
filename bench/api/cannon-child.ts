// Runs autocannon in a process of its own (started by cannon.ts), so the load generator and
// the server under test compete for the 2 cores as two processes, not inside one event loop.
// Input: one JSON argument (autocannon options); output: one JSON line with the result.
import autocannon, { type Options } from "autocannon";

const opts = JSON.parse(process.argv[2] ?? "{}") as Options;
const cpu0 = process.cpuUsage();
const r = await autocannon(opts);
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `${JSON.stringify({
    duration: r.duration,
    requestsPerSec: r.requests.average,
    total: r["2xx"] + r.non2xx,
    ok2xx: r["2xx"],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    latency: { mean: r.latency.mean, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    bytesPerSec: r.throughput.average,
    cpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
