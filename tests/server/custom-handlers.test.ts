// The handlers are found through the declaration (ResourceDecl.handlers; server/routes/
// handler-modules.ts): the server loads exactly the modules the resources name and does not start
// while the two disagree, naming every problem.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { ALL_RESOURCES, resourceByName, type ResolvedResource } from "../../declaration";
import { buildApp } from "../../server/app";
import { customEntry } from "../../server/routes/custom-registry";
import { handlerModulesOf, handlerProblems, loadHandlers } from "../../server/routes/handler-modules";

const start = () => buildApp({ dataDir: mkdtempSync(join(tmpdir(), "fw-handlers-")), seed: false, logger: false });
const withHandlers = (r: ResolvedResource, handlers: string | string[]): ResolvedResource => ({ ...r, handlers });

describe("handlers found through the declaration", () => {
  it("every declared operation has its handler, each registered by a module its resource names", async () => {
    await loadHandlers();
    expect(handlerProblems()).toEqual([]);
    const timesheet = resourceByName("timesheet");
    expect(handlerModulesOf(timesheet)).toEqual(["timesheet"]);
    expect(customEntry("timesheet", "myPeriod")?.module).toBe("timesheet");
    // A resource served by several modules names each.
    expect(customEntry("human-resource", "twoFactor")?.module).toBe("staff-two-factor");
  });

  it("a module that does not exist, or a name that is not a module name, is named and never imported", async () => {
    const imported: string[] = [];
    const timesheet = resourceByName("timesheet");
    const error = await loadHandlers([withHandlers(timesheet, ["timesheet", "no-such-module", "../secrets", "Timesheet"])], async (name) => {
      imported.push(name);
      return name === "timesheet";
    }).catch((e: Error) => e);
    expect(imported).toEqual(["timesheet", "no-such-module"]);
    expect(String(error)).toContain(`timesheet: handlers names "no-such-module", and there is no server/custom/no-such-module.ts`);
    expect(String(error)).toContain(`timesheet: handlers names "../secrets", not a module name`);
    expect(String(error)).toContain(`timesheet: handlers names "Timesheet", not a module name`);
  });

  it("a missing file of server/custom/ is found missing", async () => {
    const error = await loadHandlers([withHandlers(resourceByName("timesheet"), ["timesheet", "no-such-module"])]).catch((e: Error) => e);
    expect(String(error)).toContain("there is no server/custom/no-such-module.ts");
  });

  it("a handler registered by a module its resource does not name, or a named module that handles none of it, is named", () => {
    const problems = handlerProblems([withHandlers(resourceByName("timesheet"), ["kanban"])]);
    expect(problems).toContain("timesheet.myPeriod (GET my-period): registered by server/custom/timesheet.ts, which timesheet's handlers do not name");
    expect(problems).toContain(`timesheet: handlers names "kanban", which registers none of its operations`);
  });

  // It changes the shared declaration, which the worker's next files share too (the server suite
  // does not isolate files): the operation is taken out again whatever the test's outcome.
  it("the server does not start while a declared custom operation has no handler, and says which", async () => {
    const timesheet = ALL_RESOURCES.find((r) => r.name === "timesheet")!;
    const myPeriod = timesheet.operations.find((o) => o.name === "myPeriod")!;
    timesheet.operations.push({ ...myPeriod, name: "forecast", path: "forecast" });
    onTestFinished(() => {
      const left = timesheet.operations.findIndex((o) => o.name === "forecast");
      if (left >= 0) timesheet.operations.splice(left, 1);
    });
    await expect(start()).rejects.toThrow("timesheet.forecast (GET forecast): declared, and no handler registers it (name its module in timesheet's handlers)");
    timesheet.operations.pop();
    const app = await start();
    await app.close();
  });
});
