// The platform owner's "mark as paid" on a pending transaction's page: the payment notification
// (status "paid") with the owner's token, the same server path as the gateway's callback; the page
// shows the transaction paid and the company's subscription moves. Nobody else is offered it.
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { installContractMock, OWNER_USER, type InstalledContractMock } from "../../mocks";
import { server } from "../msw";
import { renderCrud } from "../crud/harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;

const seed = (mock: InstalledContractMock) => {
  mock.db.seed("package-management", [{ id: 1, name: "Pro", price: 1000000, duration_months: 12 }]);
  mock.db.seed("company-management", [{ id: 1, name: "PT Demo", code: "DEMO", industry: "construction", email: "d@demo.test", status: "active", subscription_end: "2099-01-31" }]);
  mock.db.seed("product-transaction", [
    { id: 5, company_id: 1, invoice_number: "INV/2026/11/000005", package_id: 1, amount: 1000000, discount: 0, total: 1000000, payment_method: "bank_transfer", status: "pending" },
    { id: 6, company_id: 1, invoice_number: "INV/2026/11/000006", package_id: 1, amount: 1000000, discount: 0, total: 1000000, payment_method: "bank_transfer", status: "paid" },
  ]);
};

beforeEach(() => {
  api = installContractMock(server, { users: [OWNER_USER] });
  seed(api);
});

const status = () => screen.findByText(/^(Pending|Paid)$/, { selector: ".ant-descriptions-item-content *" }, LOAD);

describe("mark as paid", () => {
  it("the owner marks a pending transaction paid through the payment notification; the subscription moves", async () => {
    const { user } = await renderCrud("/product-transaction/show/5", { roleType: "owner" });
    expect((await status()).textContent).toBe("Pending");
    await user.click(screen.getByRole("button", { name: /Mark as paid/ }));
    expect(await screen.findByText("Mark INV/2026/11/000005 as paid? The company's subscription is extended.")).toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: /Mark as paid/ }).at(-1)!);
    await waitFor(() => expect(api.requests("POST", "product-transaction-user/notification")).toHaveLength(1));
    expect(api.requests("POST", "product-transaction-user/notification")[0]!.body).toEqual({ invoice_number: "INV/2026/11/000005", status: "paid" });
    expect(await screen.findByText("INV/2026/11/000005 is paid")).toBeInTheDocument();
    // The period bought, in the screens' date format (DD-MM-YYYY).
    expect(await screen.findByText("Subscription period 01-02-2099 to 31-01-2100.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Paid", { selector: ".ant-descriptions-item-content *" })).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: /Mark as paid/ })).toBeNull();
    expect(api.db.rows("company-management")[0]!.subscription_end).toBe("2100-01-31");
  });

  it("is not offered on a paid transaction", async () => {
    await renderCrud("/product-transaction/show/6", { roleType: "owner" });
    expect((await status()).textContent).toBe("Paid");
    expect(screen.queryByRole("button", { name: /Mark as paid/ })).toBeNull();
  });

  it("is not offered to a company's admin", async () => {
    api = installContractMock(server);
    seed(api);
    await renderCrud("/product-transaction/show/5", { roleType: "admin" });
    expect((await status()).textContent).toBe("Pending");
    expect(screen.queryByRole("button", { name: /Mark as paid/ })).toBeNull();
  });
});
