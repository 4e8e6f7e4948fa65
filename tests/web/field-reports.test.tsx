// The worker's own permits and K3 reports on the field page, against the contract mock: filed
// through the generated forms (a sick day for the worker, with a photo of the doctor's note
// uploaded to the image store, a K3 report), the review status sent at its declared start and not
// asked; the lists show the worker's own, with their status.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../mocks";
import { control, pick, typeDate } from "./crud/harness";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, WORKER_ID } from "./support/field";

let api: InstalledContractMock;

beforeEach(() => {
  api = fieldWorld();
  freshQueueStorage();
  fakeGeolocation(AT_TOWER_A);
  api.db.seed("permit", [
    { user_id: WORKER_ID, permit_type: "leave", absent_date: "2026-10-02", reason: "Family", status: "approved" },
    { user_id: WORKER_ID + 1, permit_type: "sick", absent_date: "2026-10-03", reason: "Someone else's", status: "pending" },
  ]);
});

describe("reports and permits from the field page", () => {
  it("files a sick day for the worker, pending review, and lists it with the worker's own permits", async () => {
    const { user } = await renderField();
    await screen.findByText("Leave · 02-10-2026", {}, LOAD);
    expect(screen.queryByText(/03-10-2026/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Ask for leave or a sick day" }));
    const dialog = await screen.findByRole("dialog", {}, LOAD);
    expect(within(dialog).queryByLabelText("Status")).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Staff member")).not.toBeInTheDocument();
    await pick(user, "Permit type", "Sick leave");
    await typeDate(user, "Absent date", "21-11-2026");
    fireEvent.change(control("Reason"), { target: { value: "Demam" } });
    await user.click(within(dialog).getByRole("button", { name: /Save/ }));

    await waitFor(() => expect(api.requests("POST", "permit/add")).toHaveLength(1));
    expect(api.requests("POST", "permit/add")[0].body).toMatchObject({ user_id: WORKER_ID, permit_type: "sick", absent_date: "2026-11-21", reason: "Demam", status: "pending" });
    await screen.findByText("Sick leave · 21-11-2026", {}, LOAD);
  });

  it("files a sick day with a photo of the doctor's note: the photo goes to the image store first, the permit carries its stored name", async () => {
    const { user } = await renderField();
    await screen.findByText("Leave · 02-10-2026", {}, LOAD);
    await user.click(screen.getByRole("button", { name: "Ask for leave or a sick day" }));
    const dialog = await screen.findByRole("dialog", {}, LOAD);
    await pick(user, "Permit type", "Sick leave");
    await typeDate(user, "Absent date", "21-11-2026");
    fireEvent.change(control("Reason"), { target: { value: "Demam, surat dokter terlampir" } });

    // The permit's attachment (image/*, .pdf): the dialog's own file input, not the clock-in's selfie.
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])], "surat-dokter.jpg", { type: "image/jpeg" });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    expect(input!.accept).toBe("image/*,.pdf");
    await user.upload(input!, photo);
    await waitFor(() => expect(api.requests("POST", "image/upload")).toHaveLength(1), LOAD);
    const upload = api.requests("POST", "image/upload")[0];
    expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data/);
    // (msw's bridge from jsdom's XHR drops the part's file name; size and type stay.)
    expect(upload.body).toMatchObject({ file: { size: photo.size, type: "image/jpeg" }, folder: "profile", owner_id: "0" });
    await within(dialog).findByRole("button", { name: /Replace file/ }, LOAD);
    expect(api.requests("POST", "permit/add")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("POST", "permit/add")).toHaveLength(1), LOAD);
    const stored = api.db.rows("image");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ folder: "profile", mime: "image/jpeg", size: photo.size });
    const name = String(stored[0].file_name);
    expect(name).toMatch(/\S/);
    expect(api.requests("POST", "permit/add")[0].body).toMatchObject({ user_id: WORKER_ID, permit_type: "sick", absent_date: "2026-11-21", attachment: name, status: "pending" });
    const permit = api.db.rows("permit").find((p) => p.absent_date === "2026-11-21");
    expect(permit).toMatchObject({ user_id: WORKER_ID, permit_type: "sick", attachment: name, status: "pending" });

    // Saved: the app says so, the dialog closes and the permit is among the worker's own.
    expect(await screen.findByText("Data saved", {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument(), LOAD);
    await screen.findByText("Sick leave · 21-11-2026", {}, LOAD);
  });

  it("files a K3 report at one of the worker's projects, open for review", async () => {
    const { user } = await renderField();
    await screen.findByText("Position accurate to ±10 m (the limit is 100 m)", {}, LOAD);
    await user.click(screen.getByRole("button", { name: "Report a K3 issue" }));
    const dialog = await screen.findByRole("dialog", {}, LOAD);
    expect(within(dialog).queryByLabelText("Status")).not.toBeInTheDocument();
    // The clock-in's own "Project" is on the page too: the dialog's.
    await user.click(within(dialog).getByLabelText("Project", { selector: "input" }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title='Tower A']");
      if (!found) throw new Error("no option Tower A");
      return found;
    }, LOAD);
    await user.click(option);
    fireEvent.change(control("Title"), { target: { value: "Loose railing, level 3" } });
    await pick(user, "Report type", "Unsafe condition");
    await pick(user, "Severity", "High");
    await typeDate(user, "Report date", "21-11-2026");
    await user.click(within(dialog).getByRole("button", { name: /Save/ }));

    await waitFor(() => expect(api.requests("POST", "report-k3/add")).toHaveLength(1));
    expect(api.requests("POST", "report-k3/add")[0].body).toMatchObject({
      project_id: 1,
      title: "Loose railing, level 3",
      report_type: "unsafe_condition",
      severity: "high",
      status: "open",
    });
    await screen.findByText("Loose railing, level 3 · 21-11-2026", {}, LOAD);
  });
});
