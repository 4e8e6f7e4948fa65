// The project workspace (#/project/show/<id>/<tab>) against the contract mock: the overview's
// figures from the records, each tab's add, edit and delete requests through the generated form
// in a modal, the issue replies as a thread, several members added at once, approve for the approver.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { mockApi, pick, renderCrud, typeDate } from "../crud/harness";
import { server } from "../msw";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysFromNow = (n: number) => iso(new Date(Date.now() + n * 864e5));

beforeEach(() => {
  api = mockApi();
  api.db.seed("project-type", [{ id: 1, name: "Gedung" }]);
  api.db.seed("project", [
    { id: 2, name: "Tower A", code: "P-002", project_type_id: 1, start_date: daysFromNow(-50), end_date: daysFromNow(50), status: "in_progress", progress: 40, budget: 1000000 },
  ]);
  api.db.seed("human-resource", [
    { id: 1, name: "Admin Demo", email: "admin@demo.test", employee_type: "permanent", role_id: 1 },
    { id: 3, name: "Budi Santoso", email: "budi@demo.test", employee_type: "permanent", role_id: 1 },
    { id: 4, name: "Citra Dewi", email: "citra@demo.test", employee_type: "permanent", role_id: 1 },
  ]);
  api.db.seed("project-role", [{ id: 5, name: "Mandor" }]);
  api.db.seed("issue-status", [
    { id: 1, name: "Open", is_closed: false, order: 1 },
    { id: 2, name: "Closed", is_closed: true, order: 2 },
  ]);
  api.db.seed("issue", [
    { id: 11, project_id: 2, title: "Crack in slab", issue_status_id: 1, priority: "high", report_date: daysFromNow(-3), assignee_id: 3 },
    { id: 12, project_id: 2, title: "Late delivery", issue_status_id: 1, priority: "critical", report_date: daysFromNow(-2) },
    { id: 13, project_id: 2, title: "Paint", issue_status_id: 2, priority: "low", report_date: daysFromNow(-9) },
  ]);
  api.db.seed("issue-reply", [{ id: 21, issue_id: 11, message: "Checked on site", user_id: 3, created_at: "2026-03-02T08:00:00Z" }]);
  api.db.seed("project-risks", [
    { id: 31, project_id: 2, title: "Rain", probability: "high", impact: "medium", status: "identified" },
    { id: 32, project_id: 2, title: "Price rise", probability: "low", impact: "high", status: "mitigating" },
    { id: 33, project_id: 2, title: "Old", probability: "low", impact: "low", status: "closed" },
  ]);
  api.db.seed("project-milestone", [
    { id: 41, project_id: 2, title: "Roof closed", due_date: daysFromNow(10), status: "planned" },
    { id: 42, project_id: 2, title: "Foundation", due_date: daysFromNow(-20), status: "achieved" },
  ]);
  api.db.seed("project-approval", [
    { id: 51, project_id: 2, title: "Shop drawing", approver_id: 1, required_date: daysFromNow(-1), status: "pending" },
    { id: 52, project_id: 2, title: "Material change", approver_id: 3, required_date: daysFromNow(5), status: "pending" },
  ]);
  api.db.seed("user-to-proyek", [
    { id: 61, project_id: 2, user_id: 3, is_active: true },
    { id: 62, project_id: 2, user_id: 4, is_active: false },
  ]);
  api.db.seed("project-expenditure", [
    { id: 71, project_id: 2, title: "Cement", category: "material", amount: 250000, expense_date: daysFromNow(-10) },
    { id: 72, project_id: 2, title: "Crane", category: "equipment", amount: 100000, expense_date: daysFromNow(-5) },
  ]);
});

const section = (name: string) => screen.findByRole("region", { name }, LOAD);
const rowOf = async (region: HTMLElement, text: string) => (await within(region).findByText(text, {}, LOAD)).closest("tr") as HTMLElement;
const modal = () => screen.findByRole("dialog", {}, LOAD);
const save = async (user: Awaited<ReturnType<typeof renderCrud>>["user"]) => user.click(within(await modal()).getByRole("button", { name: "Save" }));
/** Clicks a row's Delete and confirms in the spec's 'Delete this data ?' pop-up. */
const confirmDelete = async (user: Awaited<ReturnType<typeof renderCrud>>["user"], row: HTMLElement) => {
  await user.click(within(row).getByRole("button", { name: "Delete" }));
  const pop = (await screen.findAllByRole("tooltip", {}, LOAD)).find((p) => p.textContent?.includes("Delete this data ?"))!;
  expect(within(pop).getByText("Are you sure ?")).toBeInTheDocument();
  await user.click(within(pop).getByRole("button", { name: "Delete" }));
};

describe("project workspace", () => {
  it("the overview's figures come from the records, each linking to its tab", async () => {
    await renderCrud("/project/show/2");
    const openIssues = await screen.findByTestId("overview-open-issues", {}, LOAD);
    await waitFor(() => expect(openIssues.textContent).toContain("2"), LOAD);
    expect(openIssues.getAttribute("href")).toBe("/project/show/2/issues");
    expect(screen.getByTestId("overview-issues-critical").textContent).toBe("Critical: 1");
    expect(screen.getByTestId("overview-issues-high").textContent).toBe("High: 1");
    expect(screen.getByTestId("overview-issues-low").textContent).toBe("Low: 0");
    expect(screen.getByTestId("overview-open-risks").textContent).toContain("2");
    expect(screen.getByTestId("overview-risks-high").textContent).toBe("High impact: 1");
    expect(screen.getByTestId("overview-overdue-approvals").textContent).toContain("1");
    expect(screen.getByTestId("overview-overdue-approvals").getAttribute("href")).toBe("/project/show/2/approvals");
    // Active members only: Citra's membership is switched off.
    expect(screen.getByTestId("overview-people").textContent).toContain("1");
    expect(screen.getByTestId("overview-spent").textContent).toMatch(/350[.,]000/);
    expect(screen.getByText("Roof closed")).toBeInTheDocument();
    expect(screen.queryByText("Foundation")).toBeNull();
    expect(api.requests("GET", "issue/list-by-project")[0].query).toEqual({ project_id: "2" });
  });

  it("a tab is a route: choosing one changes the URL and shows its lists", async () => {
    const { user, location } = await renderCrud("/project/show/2");
    await user.click(await screen.findByRole("tab", { name: "Risks" }, LOAD));
    await waitFor(() => expect(location.pathname).toBe("/project/show/2/risks"));
    const risks = await section("Risks");
    await rowOf(risks, "Rain");
    const body = api.requests("POST", "project-risks/search").at(-1)!.body as { columns: Array<{ data: string; value: unknown; operator: string }> };
    expect(body.columns).toContainEqual({ data: "project_id", value: 2, operator: "=" });
  });

  it("risks: add, edit and delete send the project's requests", async () => {
    const { user } = await renderCrud("/project/show/2/risks");
    const risks = await section("Risks");
    await rowOf(risks, "Rain");
    await user.click(within(risks).getByRole("button", { name: /Create/ }));
    const dialog = await modal();
    await user.type(within(dialog).getByLabelText("Title"), "Flood");
    await pick(user, "Probability", "Medium");
    await pick(user, "Impact", "High");
    await save(user);
    await waitFor(() => expect(api.requests("POST", "project-risks/add")).toHaveLength(1), LOAD);
    expect(api.requests("POST", "project-risks/add")[0].body).toMatchObject({ project_id: 2, title: "Flood", probability: "medium", impact: "high", status: "identified" });
    await rowOf(risks, "Flood");

    await user.click(within(await rowOf(risks, "Rain")).getByRole("button", { name: "Edit" }));
    const edit = await modal();
    await waitFor(() => expect(within(edit).getByLabelText("Title")).toHaveValue("Rain"));
    await user.clear(within(edit).getByLabelText("Title"));
    await user.type(within(edit).getByLabelText("Title"), "Heavy rain");
    await save(user);
    await waitFor(() => expect(api.requests("PUT", "project-risks/update/31")).toHaveLength(1), LOAD);
    expect(api.requests("PUT", "project-risks/update/31")[0].body).toMatchObject({ project_id: 2, title: "Heavy rain" });

    await confirmDelete(user, await rowOf(risks, "Heavy rain"));
    await waitFor(() => expect(api.requests("DELETE", "project-risks/delete/31")).toHaveLength(1), LOAD);
    expect(api.db.rows("project-risks").map((r) => r.id)).not.toContain(31);
  });

  it("milestones: add and delete", async () => {
    const { user } = await renderCrud("/project/show/2/milestones");
    const list = await section("Milestones");
    await rowOf(list, "Roof closed");
    await user.click(within(list).getByRole("button", { name: /Create/ }));
    const dialog = await modal();
    await user.type(within(dialog).getByLabelText("Title"), "Topping out");
    await typeDate(user, "Due date", "01-12-2026");
    await save(user);
    await waitFor(() => expect(api.requests("POST", "project-milestone/add")).toHaveLength(1), LOAD);
    expect(api.requests("POST", "project-milestone/add")[0].body).toMatchObject({ project_id: 2, title: "Topping out", due_date: "2026-12-01", status: "planned" });
    await confirmDelete(user, await rowOf(list, "Roof closed"));
    await waitFor(() => expect(api.requests("DELETE", "project-milestone/delete/41")).toHaveLength(1), LOAD);
  });

  it("money: expenditure add, edit and delete", async () => {
    const { user } = await renderCrud("/project/show/2/money");
    const list = await section("Expenditure");
    await rowOf(list, "Cement");
    await user.click(within(list).getByRole("button", { name: /Create/ }));
    const dialog = await modal();
    await user.type(within(dialog).getByLabelText("Title"), "Sand");
    await pick(user, "Category", "Material");
    await user.type(within(dialog).getByLabelText("Amount"), "75000");
    await typeDate(user, "Expense date", "02-03-2026");
    await save(user);
    await waitFor(() => expect(api.requests("POST", "project-expenditure/add")).toHaveLength(1), LOAD);
    expect(api.requests("POST", "project-expenditure/add")[0].body).toMatchObject({
      project_id: 2,
      title: "Sand",
      category: "material",
      amount: 75000,
      expense_date: "2026-03-02",
    });

    await user.click(within(await rowOf(list, "Crane")).getByRole("button", { name: "Edit" }));
    const edit = await modal();
    await waitFor(() => expect(within(edit).getByLabelText("Title")).toHaveValue("Crane"));
    await user.type(within(edit).getByLabelText("Title"), " hire");
    await save(user);
    await waitFor(() => expect(api.requests("PUT", "project-expenditure/update/72")).toHaveLength(1), LOAD);
    expect(api.requests("PUT", "project-expenditure/update/72")[0].body).toMatchObject({ title: "Crane hire", amount: 100000 });

    await confirmDelete(user, await rowOf(list, "Cement"));
    await waitFor(() => expect(api.requests("DELETE", "project-expenditure/delete/71")).toHaveLength(1), LOAD);
  });

  it("issues: listed by project, added, edited and deleted; each issue's replies as a thread with a reply added", async () => {
    const { user } = await renderCrud("/project/show/2/issues");
    const issues = await section("Issues");
    const crack = await rowOf(issues, "Crack in slab");
    expect(api.requests("GET", "issue/list-by-project")[0].query).toEqual({ project_id: "2" });

    // The replies: who, when and what; a new one is sent with the issue's id.
    await user.click(within(crack).getByRole("button", { name: /expand/i }));
    const thread = await screen.findByRole("region", { name: "Replies" }, LOAD);
    expect(await within(thread).findByText("Checked on site", {}, LOAD)).toBeInTheDocument();
    expect(within(thread).getByText("Budi Santoso")).toBeInTheDocument();
    expect(api.requests("GET", "issue-reply/list")[0].query).toEqual({ issue_id: "11" });
    await user.type(within(thread).getByLabelText("Reply"), "Repaired today");
    await user.click(within(thread).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(api.requests("POST", "issue-reply/add")).toHaveLength(1), LOAD);
    expect(api.requests("POST", "issue-reply/add")[0].body).toEqual({ issue_id: 11, message: "Repaired today" });
    expect(await within(thread).findByText("Repaired today", {}, LOAD)).toBeInTheDocument();

    await user.click(within(issues).getAllByRole("button", { name: /Create/ })[0]);
    const dialog = await modal();
    await user.type(within(dialog).getByLabelText("Title"), "Leak");
    await pick(user, "Issue status", "Open");
    await typeDate(user, "Report date", "03-03-2026");
    await save(user);
    await waitFor(() => expect(api.requests("POST", "issue/add")).toHaveLength(1), LOAD);
    expect(api.requests("POST", "issue/add")[0].body).toMatchObject({ project_id: 2, title: "Leak", issue_status_id: 1, priority: "medium", report_date: "2026-03-03" });
    await rowOf(issues, "Leak");

    await user.click(within(await rowOf(issues, "Late delivery")).getByRole("button", { name: "Edit" }));
    const edit = await modal();
    await waitFor(() => expect(within(edit).getByLabelText("Title")).toHaveValue("Late delivery"));
    await pick(user, "Issue status", "Closed");
    await save(user);
    await waitFor(() => expect(api.requests("PUT", "issue/update/12")).toHaveLength(1), LOAD);
    expect(api.requests("PUT", "issue/update/12")[0].body).toMatchObject({ issue_status_id: 2 });

    await confirmDelete(user, await rowOf(issues, "Paint"));
    await waitFor(() => expect(api.requests("DELETE", "issue/delete/13")).toHaveLength(1), LOAD);
  });

  it("a reply refused by the server: the generated screens' failure notification with its reason; the text stays for another try", async () => {
    server.use(http.post(/\/api\/issue-reply\/add$/, () => HttpResponse.json({ status: false, key: "conflict", message: "This conflicts with existing data." }, { status: 409 })));
    const { user } = await renderCrud("/project/show/2/issues");
    const crack = await rowOf(await section("Issues"), "Crack in slab");
    await user.click(within(crack).getByRole("button", { name: /expand/i }));
    const thread = await screen.findByRole("region", { name: "Replies" }, LOAD);
    await user.type(within(thread).getByLabelText("Reply"), "Repaired today");
    await user.click(within(thread).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("This conflicts with existing data.")).toBeInTheDocument();
    expect(within(thread).getByLabelText("Reply")).toHaveValue("Repaired today");
    expect(within(thread).queryByText("Repaired today", { selector: "span" })).toBeNull();
  });

  it("participants: several staff added at once with their project role (add-multiple)", async () => {
    const { user } = await renderCrud("/project/show/2/participants");
    const members = await section("Project members");
    await user.click(within(members).getByRole("button", { name: /Add staff/ }));
    await modal();
    await pick(user, "Staff", "Admin Demo");
    await pick(user, "Staff", "Citra Dewi");
    await pick(user, "Project role", "Mandor");
    await save(user);
    await waitFor(() => expect(api.requests("POST", "user-to-proyek/add-multiple")).toHaveLength(1), LOAD);
    const body = api.requests("POST", "user-to-proyek/add-multiple")[0].body as { items: unknown[] };
    expect(body.items).toEqual([
      expect.objectContaining({ user_id: 1, project_id: 2, project_role_id: 5, is_active: true }),
      expect.objectContaining({ user_id: 4, project_id: 2, project_role_id: 5, is_active: true }),
    ]);
    // Citra Dewi (4) was on the project already: stored once, and said (docs/api.md "Operations", add-multiple of a join).
    expect(api.db.rows("user-to-proyek")).toHaveLength(3);
    expect(await screen.findByText("1 added; 1 already there.", {}, LOAD)).toBeInTheDocument();
  });

  it("safety: several K3 checklists assigned at once (project-to-checklist-k3 add-multiple)", async () => {
    api.db.seed("checklist-k3", [
      { id: 81, name: "APD lengkap" },
      { id: 82, name: "Scaffolding aman" },
    ]);
    const { user } = await renderCrud("/project/show/2/safety");
    const assigned = await section("K3 checklists of the project");
    await user.click(within(assigned).getByRole("button", { name: /Assign checklists/ }));
    await modal();
    await pick(user, "K3 checklists of the project", "APD lengkap");
    await pick(user, "K3 checklists of the project", "Scaffolding aman");
    await save(user);
    await waitFor(() => expect(api.requests("POST", "project-to-checklist-k3/add-multiple")).toHaveLength(1), LOAD);
    expect((api.requests("POST", "project-to-checklist-k3/add-multiple")[0].body as { items: unknown[] }).items).toEqual([
      { project_id: 2, checklist_k3_id: 81, is_required: true },
      { project_id: 2, checklist_k3_id: 82, is_required: true },
    ]);
  });

  it("approvals: the approver approves a pending one; others' are not offered", async () => {
    const { user } = await renderCrud("/project/show/2/approvals");
    const list = await section("Approvals");
    const mine = await rowOf(list, "Shop drawing");
    const theirs = await rowOf(list, "Material change");
    expect(within(theirs).queryByRole("button", { name: /Approve/ })).toBeNull();
    await user.click(await within(mine).findByRole("button", { name: /Approve/ }, LOAD));
    await user.click([...document.querySelectorAll<HTMLElement>(".ant-popconfirm .ant-btn-primary")].pop()!);
    await waitFor(() => expect(api.requests("PUT", "project-approval/approve/51")).toHaveLength(1), LOAD);
    expect(api.db.rows("project-approval").find((r) => r.id === 51)).toMatchObject({ status: "approved" });
  });
});
