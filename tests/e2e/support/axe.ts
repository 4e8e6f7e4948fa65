// axe-core in the page (WCAG 2.2 A and AA rules): the violations a user of assistive technology
// or with low vision would meet. `@axe-core/playwright` needs a newer Node, so the library's own
// script is injected and run through page.evaluate.
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Page } from "playwright-core";

const AXE_SOURCE: string = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

/** The rule tags of WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Waits until no finite animation or transition runs (antd fades and slides content in: a colour
 * measured halfway through is not the colour the user reads). Spinning icons loop forever and
 * are left out; a page still loading its data shows other things than the one being checked.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity));
}

/**
 * Part of a page by CSS selectors: only `include` (a part another test checks on its own), or all
 * but `exclude`. Absent: the whole document.
 */
export interface AxeScope {
  include?: string[];
  exclude?: string[];
}

/** Runs axe over the document (or the scope's part of it) and answers its serious and critical violations (the rest of its results cut short: quicker). */
export async function seriousViolations(page: Page, scope?: AxeScope): Promise<Result[]> {
  await settled(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(
    ([tags, scope]) => {
      const context = scope ? { ...(scope.include ? { include: scope.include.map((s) => [s]) } : {}), exclude: (scope.exclude ?? []).map((s) => [s]) } : document;
      return (window as unknown as { axe: { run(ctx: unknown, opts: object): Promise<AxeResults> } }).axe.run(context, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
    },
    [WCAG_AA_TAGS, scope] as const,
  );
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** One line per offending element: the rule, where, and axe's summary of what to fix. */
export function violationReport(violations: Result[]): string {
  return violations.flatMap((v) => v.nodes.map((n) => `[${v.impact}] ${v.id} at ${n.target.join(" ")}\n    ${(n.failureSummary ?? v.help).replace(/\n/g, "\n    ")}`)).join("\n");
}
