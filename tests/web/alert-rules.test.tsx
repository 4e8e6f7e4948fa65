// The alert rules page (config-alert + config-alert-to-user as one card per event) against the
// contract mock: a new rule is stored with its threshold and recipients; a changed threshold
// replaces the rule (config-alert has no update) and keeps the recipients.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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

async function pickRecipient(card: HTMLElement, name: string) {
  fireEvent.mouseDown(within(card).getByRole("combobox"));
  fireEvent.click(await screen.findByTitle(name, undefined, LOAD));
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
});
