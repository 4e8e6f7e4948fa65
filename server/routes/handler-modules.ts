// The handlers found through the declaration: each resource names the modules of server/custom/
// that handle its operations (ResourceDecl.handlers); loadHandlers imports exactly those (a name
// must be lower-case words joined by dashes, so it never leaves that folder) and then checks the
// declaration against what they registered. The server does not start (buildApp throws one error
// naming every problem) while:
// - a declared operation has neither a registered handler nor a generic one;
// - a handler was registered for an undeclared resource or operation, or twice;
// - a handler was registered by a module its resource does not name, or a named module
//   registers nothing for the resource;
// - a named module does not exist.
import { existsSync } from "node:fs";
import { ALL_RESOURCES, type ResolvedResource } from "../../declaration";
import { customEntry, registrationProblems } from "./custom-registry";
import { genericHandler } from "./generic";

/** The declaration and the handlers do not agree: the message names every problem (server/main.ts prints it without a stack). */
export class HandlersError extends Error {}

/** A handler module's name: lower-case words joined by dashes ("timesheet", "staff-two-factor"). */
export const HANDLER_MODULE_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** The modules a resource names (ResourceDecl.handlers), as a list. */
export const handlerModulesOf = (r: Pick<ResolvedResource, "handlers">): readonly string[] =>
  r.handlers === undefined ? [] : typeof r.handlers === "string" ? [r.handlers] : r.handlers;

/** Imports one handler module of server/custom/ (its name already checked); false: there is no such file. */
export type ModuleImporter = (name: string) => Promise<boolean>;

const importFromCustom: ModuleImporter = async (name) => {
  if (!existsSync(new URL(`../custom/${name}.ts`, import.meta.url))) return false;
  await import(`../custom/${name}.ts`);
  return true;
};

/** Imports the modules the resources name; throws naming every problem found (see above). */
export async function loadHandlers(resources: readonly ResolvedResource[] = ALL_RESOURCES, importModule: ModuleImporter = importFromCustom): Promise<void> {
  const problems: string[] = [];
  const names = new Map<string, string[]>();
  for (const r of resources) {
    for (const name of handlerModulesOf(r)) {
      if (!HANDLER_MODULE_NAME.test(name)) problems.push(`${r.name}: handlers names "${name}", not a module name (lower-case words joined by dashes)`);
      else names.set(name, [...(names.get(name) ?? []), r.name]);
    }
  }
  const missing = new Set<string>();
  for (const [name, of] of names) {
    if (await importModule(name)) continue;
    missing.add(name);
    problems.push(`${of.join(", ")}: handlers names "${name}", and there is no server/custom/${name}.ts`);
  }
  problems.push(...handlerProblems(resources, missing));
  if (problems.length) throw new HandlersError(`The declaration and the handlers of server/custom/ do not agree:\n- ${problems.join("\n- ")}`);
}

/** What does not agree between the declaration and the registered handlers (empty: all agree). */
export function handlerProblems(resources: readonly ResolvedResource[] = ALL_RESOURCES, missing: ReadonlySet<string> = new Set()): string[] {
  const problems = [...registrationProblems()];
  for (const r of resources) {
    const named = handlerModulesOf(r);
    const used = new Set<string>();
    for (const op of r.operations) {
      const entry = customEntry(r.name, op.name);
      const where = `${r.name}.${op.name} (${op.method} ${op.path || "(base)"})`;
      if (!entry) {
        if (!genericHandler(r, op)) problems.push(`${where}: declared, and no handler registers it (name its module in ${r.name}'s handlers)`);
        continue;
      }
      if (entry.module === null) problems.push(`${where}: registered outside server/custom/`);
      else if (!named.includes(entry.module)) problems.push(`${where}: registered by server/custom/${entry.module}.ts, which ${r.name}'s handlers do not name`);
      else used.add(entry.module);
    }
    for (const name of named)
      if (HANDLER_MODULE_NAME.test(name) && !missing.has(name) && !used.has(name)) problems.push(`${r.name}: handlers names "${name}", which registers none of its operations`);
  }
  return problems;
}
