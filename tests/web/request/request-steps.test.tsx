// A material request's page (page "request"): the next steps the user's rights allow as buttons,
// each a small form sending the step (PUT request-material/{action}/{id}); a refused step (409
// step_out_of_order) is told with the server's message. The dialogs show the quantity requested
// (a receipt: what is still to come) and take dates on antd's picker (DD-MM-YYYY, the site's
// clock). The generated edit form leaves the flow's fields out.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { installContractMock, type InstalledContractMock } from "../../mocks";
import { server } from "../msw";
import { renderCrud } from "../crud/harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = installContractMock(server);
  api.db.seed("satuan", [{ id: 1, name: "Sak", symbol: "sak" }]);
  api.db.seed("project", [{ id: 1, name: "Tower", code: "T1", start_date: "2026-01-01", end_date: "2026-12-31" }]);
  api.db.seed("material-resource", [{ id: 1, name: "Semen", code: "SMN", satuan_id: 1, unit_price: 65000, ownership_status: "owned" }]);
  api.db.seed("request-material", [
    { id: 1, project_id: 1, material_resource_id: 1, quantity: 10, quantity_received: 0, unit_price: 65000, amount: 650000, required_date: "2026-03-01", status: "approved" },
  ]);
});

describe("request steps", () => {
  it("offers the next steps and sends one with its fields", async () => {
    const { user } = await renderCrud("/request-material/show/1", { roleType: "admin" });
    const send = await screen.findByRole("button", { name: "Send" }, LOAD);
    expect(screen.getByRole("button", { name: "Reject" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    await user.click(send);
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("Quantity requested")).toBeInTheDocument();
    expect(dialog.getByText("10")).toBeInTheDocument();
    const delivery = await dialog.findByLabelText("Delivery date");
    await user.click(delivery);
    await user.type(delivery, "01-03-2026{Enter}");
    const due = dialog.getByLabelText("Due on site");
    await user.click(due);
    await user.type(due, "03-03-2026{Enter}");
    await user.click(screen.getAllByRole("button", { name: "Send" }).at(-1)!);
    await waitFor(() => expect(api.requests("PUT", "request-material/send/1")).toHaveLength(1));
    expect(api.requests("PUT", "request-material/send/1")[0]!.body).toEqual({ delivery_date: "2026-03-01", delivery_to_site_date: "2026-03-03" });
    expect(await screen.findByText("The request is marked as sent.")).toBeInTheDocument();
    expect(api.db.rows("request-material")[0]!.status).toBe("sent");
    // The next step now: receive.
    expect(await screen.findByRole("button", { name: "Receive" })).toBeInTheDocument();
  });

  it("a receipt shows what is still to come; a partial one leaves the request open for the rest", async () => {
    Object.assign(api.db.rows("request-material")[0]!, { status: "partially_received", quantity: 12.5, quantity_received: 12, delivery_date: "2026-03-01" });
    const { user } = await renderCrud("/request-material/show/1", { roleType: "admin" });
    await user.click(await screen.findByRole("button", { name: "Receive" }, { timeout: 15000 }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("Received so far")).toBeInTheDocument();
    expect(dialog.getByText("Still to come")).toBeInTheDocument();
    expect(dialog.getByText(/^0[.,]5$/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Quantity received"), "0.5");
    const date = dialog.getByLabelText("Date received");
    await user.click(date);
    await user.type(date, "04-03-2026{Enter}");
    await user.click(screen.getAllByRole("button", { name: "Receive" }).at(-1)!);
    await waitFor(() => expect(api.requests("PUT", "request-material/receive/1")).toHaveLength(1));
    expect(api.requests("PUT", "request-material/receive/1")[0]!.body).toEqual({ quantity_received: 0.5, received_date: "2026-03-04" });
    await waitFor(() => expect(api.db.rows("request-material")[0]).toMatchObject({ status: "received", quantity_received: 12.5 }));
  });

  it("the edit form leaves out the status and the steps' fields", async () => {
    await renderCrud("/request-material/edit/1", { roleType: "admin" });
    expect(await screen.findByLabelText("Quantity", {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.queryByLabelText("Quantity received")).toBeNull();
    expect(screen.queryByLabelText("Date received")).toBeNull();
    expect(screen.queryByLabelText("Status")).toBeNull();
  });

  it("the edit form of a received request has no quantity or price to change", async () => {
    Object.assign(api.db.rows("request-material")[0]!, { status: "received", quantity_received: 10 });
    await renderCrud("/request-material/edit/1", { roleType: "admin" });
    expect(await screen.findByLabelText("Required date", {}, { timeout: 15000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Quantity")).toBeNull());
    expect(screen.queryByLabelText("Unit price")).toBeNull();
  });

  it("tells a refused step: another user sent it meanwhile (409)", async () => {
    const { user } = await renderCrud("/request-material/show/1", { roleType: "admin" });
    const approveOrReject = await screen.findByRole("button", { name: "Reject" }, LOAD);
    api.db.rows("request-material")[0]!.status = "received";
    await user.click(approveOrReject);
    await user.type(await screen.findByLabelText("Note"), "Tidak perlu");
    await user.click(screen.getAllByRole("button", { name: "Reject" }).at(-1)!);
    await waitFor(() => expect(api.requests("PUT", "request-material/reject/1")).toHaveLength(1));
    expect(await screen.findByText(/This step cannot be taken now: it is received/)).toBeInTheDocument();
  });
});

describe("request amount", () => {
  it("shows the quantity in the material's unit, the unit price, the discount and the server's amount", async () => {
    api.db.rows("request-material")[0]!.discount = 50000;
    api.db.rows("request-material")[0]!.amount = 600000;
    await renderCrud("/request-material/show/1", { roleType: "admin" });
    const section = await screen.findByRole("region", { name: "Amount" }, LOAD);
    const box = within(section);
    expect(await box.findByText("10 Sak")).toBeInTheDocument();
    expect(box.getByText(/65[.,]000/)).toBeInTheDocument();
    expect(box.getByText(/50[.,]000/)).toBeInTheDocument();
    expect(box.getByText(/600[.,]000/)).toBeInTheDocument();
  });

  it("a tool request without a unit price: counted in pieces, no amount yet", async () => {
    api.db.seed("tools-resource", [{ id: 1, name: "Bor", code: "BOR", quantity: 3, ownership_status: "owned", condition: "good" }]);
    api.db.seed("req-tools", [
      { id: 1, project_id: 1, tools_resource_id: 1, quantity: 2, quantity_received: 0, unit_price: null, amount: null, required_date: "2026-03-01", status: "requested" },
    ]);
    await renderCrud("/req-tools/show/1", { roleType: "admin" });
    const section = await screen.findByRole("region", { name: "Amount" }, LOAD);
    expect(within(section).getByText("2 pcs")).toBeInTheDocument();
    expect(within(section).getByText("No unit price yet")).toBeInTheDocument();
  });
});

describe("a catalogue item's stock", () => {
  it("lists on hand, in and out, and the item's page shows them per site", async () => {
    Object.assign(api.db.rows("request-material")[0]!, { status: "partially_received", quantity_received: 8 });
    await renderCrud("/material-resource/show/1", { roleType: "admin" });
    const section = within(await screen.findByRole("region", { name: "Stock per site" }, { timeout: 15000 }));
    expect(await section.findByText("Tower")).toBeInTheDocument();
    expect(section.getAllByText("8").length).toBeGreaterThanOrEqual(2);
  });
});
