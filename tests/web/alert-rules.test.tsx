// The alert rules page (config-alert + config-alert-to-user as one card per event) against the
// contract mock: a new rule is stored with its threshold and recipients by channel (app, e-mail,
// webhook: a row per person and channel); a changed threshold replaces the rule (config-alert has
// no update) and keeps the recipients; the company's alert settings (escalation time, webhook)
// are saved through own-settings, read-only without their right.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defaultMenus } from "../mocks";
import { mockApi, renderCrud } from "./crud/harness";
import { LOAD } from "./support/waits";

function world() {
  const api = mockApi();
  api.db.seed("human-resource", [
    { id: 1, name: "Admin Demo", email: "admin@demo.test" },
    { id: 9, name: "Sari Supervisor", email: "sari@demo.test" },
  ]);
  return api;
}

async function pickRecipient(card: HTMLElement, name: string, channel = "Alerted in the app") {
  fireEvent.mouseDown(within(card).getByLabelText(channel));
  const options = await screen.findAllByTitle(name, undefined, LOAD);
  // The open dropdown's option (each select renders its own list).
  fireEvent.click(options[options.length - 1]);
}

describe("alert rules", () => {
  it("stores a new rule with its threshold and recipients", async () => {
    const api = world();
    await renderCrud("/config-alert");
    const card = await screen.findByTestId("rule-phone_silent", undefined, LOAD);
    expect(within(card).getByText("Phone silent while clocked in")).toBeInTheDocument();
    fireEvent.click(within(card).getByRole("switch"));
    fireEvent.change(within(card).getByLabelText("Minutes without a position"), { target: { value: "20" } });
    await pickRecipient(card, "Sari Supervisor");
    fireEvent.click(within(card).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.db.rows("config-alert-to-user")).toHaveLength(1), LOAD);
    const [rule] = api.db.rows("config-alert");
    expect(rule).toMatchObject({ alert_type: "phone_silent", threshold: 20, is_active: true });
    expect(api.db.rows("config-alert-to-user")[0]).toMatchObject({ config_alert_id: rule.id, user_id: 9, channel: "app" });
  });

  it("a changed threshold replaces the rule and keeps its recipients", async () => {
    const api = world();
    api.db.seed("config-alert", [{ id: 3, name: "No clock-in", alert_type: "no_clock_in", threshold: 10, is_active: true, project_id: null }]);
    api.db.seed("config-alert-to-user", [{ id: 30, config_alert_id: 3, user_id: 9, channel: "app" }]);
    await renderCrud("/config-alert");
    const card = await screen.findByTestId("rule-no_clock_in", undefined, LOAD);
    await within(card).findByText("Sari Supervisor", undefined, LOAD);
    fireEvent.change(within(card).getByLabelText("Minutes after the shift's start and grace"), { target: { value: "30" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.db.find("config-alert", 3)).toBeUndefined(), LOAD);
    const rules = api.db.rows("config-alert");
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ alert_type: "no_clock_in", threshold: 30 });
    expect(api.db.rows("config-alert-to-user").map((r) => [r.config_alert_id, r.user_id])).toEqual([[rules[0].id, 9]]);
  });

  it("names each recipient's channel: a person told in the app and by e-mail has a row for each, and losing one keeps the other", async () => {
    const api = world();
    api.db.seed("config-alert", [{ id: 4, name: "Panic", alert_type: "panic_button", threshold: null, is_active: true, project_id: null }]);
    api.db.seed("config-alert-to-user", [
      { id: 40, config_alert_id: 4, user_id: 9, channel: "app" },
      { id: 41, config_alert_id: 4, user_id: 9, channel: "email" },
    ]);
    await renderCrud("/config-alert");
    const card = await screen.findByTestId("rule-panic_button", undefined, LOAD);
    await waitFor(() => expect(within(card).getAllByText("Sari Supervisor")).toHaveLength(2), LOAD);
    // Admin Demo by the webhook too; Sari no longer by e-mail.
    await pickRecipient(card, "Admin Demo", "Alerted through the webhook");
    const email = within(card).getByLabelText("Alerted by e-mail").closest(".ant-select") as HTMLElement;
    fireEvent.click(within(email).getByLabelText("close"));
    fireEvent.click(within(card).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.db.find("config-alert-to-user", 41)).toBeUndefined(), LOAD);
    await waitFor(() => expect(api.db.rows("config-alert-to-user")).toHaveLength(2), LOAD);
    expect(
      api.db
        .rows("config-alert-to-user")
        .map((r) => [r.config_alert_id, r.user_id, r.channel])
        .sort(),
    ).toEqual([
      [4, 1, "webhook"],
      [4, 9, "app"],
    ]);
    // The company has no webhook yet: the card says so.
    expect(within(card).getByText("The company has no webhook yet: set its address above, or these deliveries fail.")).toBeInTheDocument();
  });
});

describe("the company's alert settings", () => {
  const company = { id: 1, name: "PT Demo", code: "DEMO", industry: "construction", email: "a@demo.test", status: "active", panic_escalate_seconds: 120 };

  it("an admin sets the escalation time and the webhook with its secret (never shown again)", async () => {
    const api = world();
    api.db.seed("company-management", [company]);
    await renderCrud("/config-alert");
    const box = await screen.findByTestId("company-alert-settings", undefined, LOAD);
    const seconds = within(box).getByLabelText("Escalate an unacknowledged panic after");
    await waitFor(() => expect(seconds).toHaveValue("120"));
    fireEvent.change(seconds, { target: { value: "45" } });
    fireEvent.change(within(box).getByLabelText("Webhook address"), { target: { value: "https://gateway.example.test/hook" } });
    fireEvent.change(within(box).getByLabelText("Signing secret"), { target: { value: "0123456789abcdef-secret" } });
    fireEvent.click(within(box).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.requests("PUT", "company-management/own-settings")).toHaveLength(1), LOAD);
    expect(api.requests("PUT", "company-management/own-settings")[0].body).toEqual({
      panic_escalate_seconds: 45,
      alert_webhook_url: "https://gateway.example.test/hook",
      alert_webhook_secret: "0123456789abcdef-secret",
    });
    expect(api.db.rows("company-management")[0]).toMatchObject({ panic_escalate_seconds: 45, alert_webhook_url: "https://gateway.example.test/hook" });
    await within(box).findByText("A secret is set; type a new one to replace it.", undefined, LOAD);
    expect(within(box).getByLabelText("Signing secret")).toHaveValue("");
  });

  it("shows the server's reason under the webhook address it refuses (a private network) and stores nothing", async () => {
    const api = world();
    api.db.seed("company-management", [company]);
    await renderCrud("/config-alert");
    const box = await screen.findByTestId("company-alert-settings", undefined, LOAD);
    await waitFor(() => expect(within(box).getByLabelText("Escalate an unacknowledged panic after")).toHaveValue("120"));
    fireEvent.change(within(box).getByLabelText("Webhook address"), { target: { value: "http://169.254.169.254/latest/meta-data" } });
    fireEvent.change(within(box).getByLabelText("Signing secret"), { target: { value: "0123456789abcdef-secret" } });
    fireEvent.click(within(box).getByRole("button", { name: "Save" }));
    await within(box).findByText(/Must be a public address/, undefined, LOAD);
    expect(api.db.rows("company-management")[0].alert_webhook_url ?? null).toBeNull();
  });

  it("is read-only without the right to change the company's settings", async () => {
    const api = world();
    api.db.seed("company-management", [company]);
    await renderCrud("/config-alert", { menus: defaultMenus({ "role-menu": { can_edit: false } }) });
    const box = await screen.findByTestId("company-alert-settings", undefined, LOAD);
    await waitFor(() => expect(within(box).getByLabelText("Escalate an unacknowledged panic after")).toBeDisabled());
    expect(within(box).queryByRole("button", { name: "Save" })).toBeNull();
  });
});
