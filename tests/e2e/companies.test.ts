// The platform owner's companies screen on the real server and demo seed, in English and in
// Indonesian: each demo company with its subscription state, storage against the quota and its
// people (company-management/user-counts), and no serious WCAG 2.2 AA violation (axe-core).
import { describe, expect, it } from "vitest";
import { CATALOGUES, OWNER, WALK_TIMEOUT, expectNoSeriousViolations, inEachLanguage, listFilled, loaded, signInWith, translator } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { trackApi } from "./support/ui";

useE2eWorld();

describe("the owner's companies screen", () => {
  it(
    "shows every demo company's subscription, storage and people, accessibly, in both languages",
    { timeout: WALK_TIMEOUT },
    scenario(({ page, openAnotherPage }) =>
      inEachLanguage(page, openAnotherPage, async (p, lang) => {
        const t = translator(lang);
        await signInWith(p, OWNER, lang);
        const api = trackApi(p);
        await p.goto("/#/company-management");
        await p.getByRole("heading", { level: 1, name: CATALOGUES[lang].resources["company-management"], exact: true }).waitFor();
        await listFilled(p, lang).waitFor();
        await loaded(p, api, lang);
        await p
          .getByRole("columnheader", { name: t("companies.subscription") })
          .first()
          .waitFor();
        const rows = p.locator(".ant-table-tbody tr.ant-table-row");
        expect(await rows.count()).toBeGreaterThanOrEqual(2);
        // Every company's people counted: "<n> active of <m>" / "<n> aktif dari <m>".
        const people = new RegExp(t("companies.usersValue", { active: "\\d+", all: "\\d+" }));
        for (const text of await rows.allTextContents()) expect(text).toMatch(people);
        await expectNoSeriousViolations(p, `owner, ${lang}: companies`);
        expect(api.refused).toEqual([]);
      }),
    ),
  );
});
