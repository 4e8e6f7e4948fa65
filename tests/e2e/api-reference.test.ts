// The API's reference page (GET /api/docs, server/openapi/reference-page.ts) in Chromium: Swagger UI
// renders the OpenAPI document from the server's own files under its strict CSP (a violation is a
// console error, a request to another host a recorded problem: either fails the scenario), and a
// reader who pastes a token into Authorize runs a project search from it.
import { describe, expect, it } from "vitest";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD } from "./support/ui";

useE2eWorld();

describe("the API reference page", () => {
  it(
    "renders the document offline under its CSP and runs a search with a pasted token",
    scenario(async ({ page, baseUrl }) => {
      const login = await fetch(`${baseUrl}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ACCOUNTS.admin, password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;

      // A deep link opens the operation (Swagger UI's deepLinking).
      const answer = await page.goto("/api/docs#/project-type/project-type.search");
      expect(answer?.headers()["content-security-policy"]).toContain("script-src 'self'");
      await page.getByRole("heading", { name: /Fieldworks API/ }).waitFor();
      await page.getByRole("heading", { name: "Search and paging" }).waitFor();

      await page.getByRole("button", { name: "Authorize" }).first().click();
      await page.locator(".modal-ux input[type=text]").fill(token);
      await page.locator(".modal-ux button.modal-btn.authorize").click();
      await page.locator(".modal-ux button.btn-done").click();

      const search = page.locator(".opblock-post").filter({ has: page.locator('[data-path="/api/project-type/search"]') });
      await search.getByRole("button", { name: "Try it out" }).click();
      // Swagger UI's example body names a column "string", which the server refuses (400): a real body instead.
      await search.locator("textarea.body-param__text").fill('{ "paging": { "start": 0, "length": 5 }, "orders": { "columns": "name" } }');
      await search.getByRole("button", { name: "Execute" }).click();
      const status = search.locator(".live-responses-table tbody .response-col_status").first();
      await expect.poll(() => status.textContent()).toBe("200");
      await expect.poll(() => search.locator(".live-responses-table .microlight").first().textContent()).toContain('"recordsFiltered"');
    }),
  );
});
