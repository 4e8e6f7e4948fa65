import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// server/custom/index.ts lists the handler modules by hand: a module left out would never
// register, and its operations would answer 501.
const dir = new URL("../../server/custom/", import.meta.url);

describe("server/custom/index.ts", () => {
  it("imports every handler module of server/custom/", () => {
    const index = readFileSync(new URL("index.ts", dir), "utf8");
    const imported = [...index.matchAll(/^import "\.\/([^"]+)";$/gm)].map((m) => m[1]).sort();
    const modules = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && f !== "index.ts")
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();
    expect(modules.length).toBeGreaterThan(0);
    expect(imported).toEqual(modules);
  });
});
