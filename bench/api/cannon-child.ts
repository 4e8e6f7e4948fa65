// Runs autocannon in a process of its own (started by cannon.ts), so the load generator and
// the server under test compete for the 2 cores as two processes, not inside one event loop.
// Input: one JSON argument (autocannon options, plus `requestsFile`: a JSON list of requests
// sent in order by all connections together, from the start again when it runs out); output:
// one JSON line with the result.
import { readFileSync } from "node:fs";
import autocannon, { type Options, type Request } from "autocannon";

const { requestsFile, ...opts } = JSON.parse(process.argv[2] ?? "{}") as Options & { requestsFile?: string };
let taken = 0;
if (requestsFile) {
  const list = JSON.parse(readFileSync(requestsFile, "utf8")) as Array<Required<Pick<Request, "method" | "path" | "body">>>;
  opts.requests = [{ setupRequest: (req: Request) => ({ ...req, ...list[taken++ % list.length] }) }];
}
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
    taken,
  })}\n`,
);
