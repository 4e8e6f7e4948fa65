// Staff (human-resource): a password asked on create and left out on edit when empty; refs and
// enums in the form; the photo uploaded first to the image store, its file name in the body.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { control, mockApi, pick, renderCrud, waitForTitle } from "./harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("role", [
    { id: 1, name: "Admin", role_type: "admin" },
    { id: 2, name: "Field worker", role_type: "worker" },
  ]);
  api.db.seed("divisi", [{ id: 4, name: "Civil works" }]);
  api.db.seed("human-resource", [
    { id: 3, name: "Budi Santoso", email: "budi@demo.test", password: "secret-hash", employee_type: "permanent", role_id: 1, division_id: 4, photo: "abc123.png", is_active: true },
  ]);
  // jsdom has no object URLs; the image component needs one.
  URL.createObjectURL = vi.fn(() => "blob:photo");
  URL.revokeObjectURL = vi.fn();
});

describe("generated form (human-resource)", () => {
  it("creates with a password, refs, enums and an uploaded photo", async () => {
    const { user, container } = await renderCrud("/human-resource/create");
    await waitForTitle("New staff member");
    fireEvent.change(control("Name"), { target: { value: "Sari Dewi" } });
    fireEvent.change(control("Email"), { target: { value: "sari@demo.test" } });
    fireEvent.change(control("Password"), { target: { value: "s3cret-pass" } });
    await pick(user, "Employee type", "Daily worker");
    await pick(user, "Role", "Field worker");
    await pick(user, "Division", "Civil works");
    const file = new File([new Uint8Array([137, 80, 78, 71])], "sari.png", { type: "image/png" });
    const photoInput = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(photoInput, file);
    await waitFor(() => expect(api.requests("POST", "image/upload")).toHaveLength(1));
    const upload = api.requests("POST", "image/upload")[0];
    // (msw's bridge from jsdom's XHR drops the part's file name; size and type stay.)
    expect(upload.body).toMatchObject({ file: { size: 4 }, folder: "profile", owner_id: "0" });
    await screen.findByRole("button", { name: /Replace file/ });
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("POST", "human-resource/add")).toHaveLength(1));
    const body = api.requests("POST", "human-resource/add")[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Sari Dewi", email: "sari@demo.test", password: "s3cret-pass", employee_type: "daily", role_id: 2, division_id: 4, is_active: true });
    const stored = api.db.rows("image")[0];
    expect(stored.file_name).toBeTruthy();
    expect(body.photo).toBe(stored.file_name);
  });

  it("checks the e-mail format before sending", async () => {
    const { user } = await renderCrud("/human-resource/create");
    await waitForTitle("New staff member");
    fireEvent.change(control("Email"), { target: { value: "not-an-email" } });
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await screen.findByText("Not a valid e-mail address");
    expect(api.requests("POST", "human-resource/add")).toHaveLength(0);
  });

  it("edits without sending an empty password, and shows the stored photo through the API", async () => {
    const { user } = await renderCrud("/human-resource/edit/3");
    await waitFor(() => expect(control("Name")).toHaveValue("Budi Santoso"), LOAD);
    // The data provider reads one staff record by searching on id (no one-read operation).
    expect(api.requests("POST", "human-resource/search")[0].body).toMatchObject({ columns: [{ data: "id", value: "3", operator: "=" }] });
    expect(control("Password")).toHaveValue("");
    expect(screen.getByText("Leave empty to keep the current password")).toBeInTheDocument();
    await waitFor(() => expect(api.requests("GET", "image/profile/abc123.png")).toHaveLength(1));
    expect(api.requests("GET", "image/profile/abc123.png")[0].headers.authorization).toBe("Bearer mock-token");
    fireEvent.change(control("Phone number"), { target: { value: "0812-555" } });
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("PUT", "human-resource/update/3")).toHaveLength(1));
    const body = api.requests("PUT", "human-resource/update/3")[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Budi Santoso", phone: "0812-555", role_id: 1, photo: "abc123.png" });
    expect(body).not.toHaveProperty("password");
  });
});
