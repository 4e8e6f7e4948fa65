// Starts cannon-child.ts (autocannon) in a child process and returns its figures.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface CannonResult {
  duration: number;
  requestsPerSec: number;
  total: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  bytesPerSec: number;
  /** CPU time the load generator itself used (user + system). */
  cpuMs: number;
  /** Requests built from the requests file (the last one built may not have been sent). */
  taken: number;
}

export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  /** A JSON file of `{ method, path, body }`, sent in order by all connections together. */
  requestsFile: string;
  /** CPUs the load generator is pinned to (taskset -c), when given. */
  cpus?: string;
}

const CHILD = fileURLToPath(new URL("./cannon-child.ts", import.meta.url));

export function runCannon(o: CannonOptions): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    // Bounded: a hung run is killed after its duration plus a minute.
    const { cpus, ...options } = o;
    const argv = [process.execPath, "--import", "tsx", CHILD, JSON.stringify({ ...options, timeout: 10 })];
    const [cmd, ...rest] = cpus ? ["taskset", "-c", cpus, ...argv] : argv;
    const child = spawn(cmd, rest, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), (o.duration + 60) * 1000);
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line) return reject(new Error(`autocannon exited with ${code}: ${out.slice(-500)}`));
      resolve(JSON.parse(line) as CannonResult);
    });
  });
}
