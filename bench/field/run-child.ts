// Runs a load generator of bench:field in a child process (tsx), the config as its one argument,
// and answers the JSON of the last line it prints; killed past `timeoutMs`.
import { spawn } from "node:child_process";

export function runChild<T>(entry: string, config: object, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", entry, JSON.stringify(config)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line) return reject(new Error(`${what} exited with ${code}: ${out.slice(-500)}`));
      resolve(JSON.parse(line) as T);
    });
  });
}
