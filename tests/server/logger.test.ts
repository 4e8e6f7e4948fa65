// The server's log format (server/http/log-options.ts): pino-pretty's readable lines on a terminal, one
// JSON object a line otherwise, LOG_FORMAT deciding when set.
import { PassThrough } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig, type LogFormat } from "../../server/config";
import { loggerOptions } from "../../server/http/log-options";

/** What one request's log line and one message look like through a Fastify app logging to a stream. */
async function logged(logFormat: LogFormat, isTTY: boolean): Promise<string[]> {
  const out = Object.assign(new PassThrough(), { isTTY });
  let text = "";
  out.on("data", (b: Buffer) => (text += b.toString()));
  const app = Fastify({ logger: loggerOptions({ logLevel: "info", logFormat }, out) });
  app.get("/x", async (req) => {
    req.log.info({ user: 7 }, "Fieldworks on http://localhost:3000");
    return { ok: true };
  });
  await app.inject({ method: "GET", url: "/x" });
  await app.close();
  return text.trim().split("\n").filter(Boolean);
}

describe("server log format", () => {
  it("on a terminal: readable lines (time, level, message, then the fields), coloured, no JSON", async () => {
    const lines = await logged("auto", true);
    const at = lines.findIndex((l) => l.includes("Fieldworks on http://localhost:3000"));
    expect(lines[at]).toContain("\u001b["); // coloured
    expect(stripVTControlCharacters(lines[at])).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] INFO: Fieldworks on http:\/\/localhost:3000$/);
    expect(lines.slice(at + 1).map((l) => stripVTControlCharacters(l).trim())).toContain("user: 7");
    expect(() => JSON.parse(lines[at])).toThrow();
  });

  it("elsewhere (a pipe, a file): one JSON object a line", async () => {
    const lines = await logged("auto", false);
    const rows = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.find((r) => r.msg === "Fieldworks on http://localhost:3000")).toMatchObject({ level: 30, user: 7, reqId: expect.any(String) });
  });

  it("LOG_FORMAT overrides the terminal check; a wrong value stops the start with a clear error", async () => {
    const json = await logged("json", true);
    expect(() => JSON.parse(json[0])).not.toThrow();
    const pretty = await logged("pretty", false);
    expect(pretty.find((l) => l.includes("Fieldworks on"))).toMatch(/INFO.*Fieldworks on/);
    expect(pretty.join("\n")).not.toContain("\u001b["); // no colours outside a terminal
    expect(loadConfig({}).logFormat).toBe("auto");
    expect(loadConfig({ LOG_FORMAT: "JSON" }).logFormat).toBe("json");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow('LOG_FORMAT must be one of auto, pretty, json, not "xml"');
  });
});
