// The project workspace as the project manager, on the demo seed: a seeded project's overview
// shows the figures its records give (read from the database), and a reply added to one of its
// issues appears in the thread and is stored.
import { describe, expect, it } from "vitest";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, userByEmail } from "./support/ui";

useE2eWorld();

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const truthy = (v: unknown) => v === true || v === 1 || v === "1";

describe("project workspace (pm)", () => {
  it(
    "opens a seeded project: the overview's figures match the records; a reply added to an issue shows in its thread",
    scenario(async ({ page, db }) => {
      const pm = await userByEmail(db, ACCOUNTS.pm);
      const projects = await db.selectFrom("project").select(["id", "name"]).where("company_id", "=", pm.company_id).where("status", "=", "in_progress").orderBy("id").execute();
      // The in-progress project with the most issues.
      const counts = await Promise.all(projects.map(async (p) => ({ p, n: (await db.selectFrom("issue").select("id").where("project_id", "=", p.id).execute()).length })));
      const { p: project } = counts.sort((a, b) => b.n - a.n || a.p.id - b.p.id)[0];
      expect(counts[0].n).toBeGreaterThan(0);

      const closed = new Set((await db.selectFrom("issue_status").select(["id", "is_closed"]).execute()).filter((s) => truthy(s.is_closed)).map((s) => s.id));
      const issues = (await db.selectFrom("issue").select(["id", "title", "priority", "issue_status_id"]).where("project_id", "=", project.id).execute()).filter(
        (i) => !closed.has(i.issue_status_id!),
      );
      const risks = (await db.selectFrom("project_risks").select(["impact", "status"]).where("project_id", "=", project.id).execute()).filter((r) => r.status !== "closed");
      const overdue = (await db.selectFrom("project_approval").select(["status", "required_date"]).where("project_id", "=", project.id).execute()).filter(
        (a) => a.status === "pending" && a.required_date && String(a.required_date) < today(),
      );
      const members = (await db.selectFrom("user_to_proyek").select(["user_id", "is_active"]).where("project_id", "=", project.id).execute()).filter(
        (m) => m.is_active === null || truthy(m.is_active),
      );
      const participants = await db.selectFrom("project_participants").select("user_id").where("project_id", "=", project.id).execute();
      const people = new Set([...members, ...participants].map((m) => String(m.user_id))).size;

      await signIn(page, ACCOUNTS.pm);
      await page.goto(`/#/project/show/${project.id}`);
      await page.getByRole("heading", { name: String(project.name) }).waitFor();
      const figure = (id: string) => page.getByTestId(id);
      await expect.poll(() => figure("overview-open-issues").locator(".ant-statistic-content-value").textContent()).toBe(String(issues.length));
      for (const s of ["low", "medium", "high", "critical"]) {
        const label = s[0].toUpperCase() + s.slice(1);
        expect(await figure(`overview-issues-${s}`).textContent()).toBe(`${label}: ${issues.filter((i) => i.priority === s).length}`);
      }
      expect(await figure("overview-open-risks").locator(".ant-statistic-content-value").textContent()).toBe(String(risks.length));
      for (const s of ["low", "medium", "high"]) {
        const label = s[0].toUpperCase() + s.slice(1);
        expect(await figure(`overview-risks-${s}`).textContent()).toBe(`${label} impact: ${risks.filter((r) => r.impact === s).length}`);
      }
      expect(await figure("overview-overdue-approvals").locator(".ant-statistic-content-value").textContent()).toBe(String(overdue.length));
      expect(await figure("overview-people").locator(".ant-statistic-content-value").textContent()).toBe(String(people));

      // The issues tab: a link from the figure; the first open issue's thread gets a reply.
      await figure("overview-open-issues").click();
      await page.waitForURL(new RegExp(`#/project/show/${project.id}/issues$`));
      const issue = issues[0];
      const row = page
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: issue.title!, exact: true }) })
        .first();
      await row.getByRole("button", { name: /expand/i }).click();
      const thread = page.getByRole("region", { name: "Replies" });
      await thread.waitFor();
      const message = `Checked on site ${Date.now()}`;
      await thread.getByRole("textbox", { name: "Reply" }).fill(message);
      await thread.getByRole("button", { name: "Send" }).click();
      // Stored once the box is emptied (after the server's answer); then shown in the thread. The
      // text itself is found in the box too (antd's autosized textarea) before it was sent.
      await expect.poll(() => thread.getByRole("textbox", { name: "Reply" }).inputValue()).toBe("");
      await thread.getByRole("listitem").filter({ hasText: message }).waitFor();
      const stored = await db.selectFrom("issue_reply").select(["issue_id", "message", "user_id"]).where("message", "=", message).execute();
      expect(stored).toEqual([{ issue_id: issue.id, message, user_id: pm.id }]);
    }),
  );
});
