// A panic alarm's page: the generated details and, under them, the alarm's trail read through
// panic-button trail/{id}: raised, delivered to whom, escalated, acknowledged, resolved with its
// note, each with who and when (on the clock of the alarm's site); in English and Indonesian.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { mockTrailStep } from "../../mocks/field";
import { mockApi, renderCrud } from "../crud/harness";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("human-resource", [
    { id: 1, name: "Admin Demo", email: "admin@demo.test" },
    { id: 4, name: "Agus Supervisor", email: "supervisor@demo.test" },
    { id: 5, name: "Dimas Worker", email: "worker1@demo.test" },
  ]);
  api.db.seed("panic-button", [{ id: 7, user_id: 5, alert_time: "2026-11-25T02:00:00.000Z", status: "resolved", message: "Fell from the scaffold", note: "Taken to hospital" }]);
  const at = (minute: number) => `2026-11-25T02:${String(minute).padStart(2, "0")}:00.000Z`;
  mockTrailStep(api.db, 7, "raised", 5, null, at(0));
  mockTrailStep(api.db, 7, "delivered", 4, null, at(0));
  mockTrailStep(api.db, 7, "escalated", null, null, at(2));
  mockTrailStep(api.db, 7, "delivered", 1, null, at(2));
  mockTrailStep(api.db, 7, "acknowledged", 4, null, at(3));
  mockTrailStep(api.db, 7, "resolved", 4, "Taken to hospital", at(30));
});

const steps = async () => {
  const trail = await screen.findByTestId("panic-trail");
  await waitFor(() => expect(within(trail).getAllByRole("listitem").length).toBeGreaterThan(0));
  return within(trail)
    .getAllByRole("listitem")
    .map((li) => li.textContent);
};

describe("panic page", () => {
  it("shows the alarm's trail under its details: who raised it, to whom it went, the escalation, who acknowledged and resolved it with the note", async () => {
    await renderCrud("/panic-button/show/7");
    expect(await screen.findByText("Fell from the scaffold")).toBeInTheDocument();
    expect(await steps()).toEqual([
      "Raised by Dimas Worker25-11-2026 09:00:00 WIB",
      "Delivered to Agus Supervisor25-11-2026 09:00:00 WIB",
      "Escalated to the admins25-11-2026 09:02:00 WIB",
      "Delivered to Admin Demo25-11-2026 09:02:00 WIB",
      "Acknowledged by Agus Supervisor25-11-2026 09:03:00 WIB",
      "Resolved by Agus Supervisor25-11-2026 09:30:00 WIBNote: Taken to hospital",
    ]);
    expect(api.requests("GET", "panic-button/trail/7")).toHaveLength(1);
  });

  it("shows each e-mail and webhook attempt: sent, retried with its reason and next attempt, failed", async () => {
    mockTrailStep(api.db, 7, "sent", 1, null, "2026-11-25T02:00:05.000Z", { channel: "email", attempt: 1 });
    mockTrailStep(api.db, 7, "retried", 4, "HTTP 503", "2026-11-25T02:00:06.000Z", { channel: "webhook", attempt: 1, next_attempt_at: "2026-11-25T02:00:08.000Z" });
    mockTrailStep(api.db, 7, "failed", 5, "no e-mail address", "2026-11-25T02:00:09.000Z", { channel: "email", attempt: 2 });
    await renderCrud("/panic-button/show/7");
    const texts = await steps();
    expect(texts.slice(-3)).toEqual([
      "Sent to Admin Demo · e-mail25-11-2026 09:00:05 WIB",
      "Not accepted for Agus Supervisor, to be retried · webhook25-11-2026 09:00:06 WIBNote: HTTP 503Next attempt: 25-11-2026 09:00:08 WIB",
      "Could not be sent to Dimas Worker · e-mail · attempt 225-11-2026 09:00:09 WIBNote: no e-mail address",
    ]);
  });

  it("in Indonesian", async () => {
    await renderCrud("/panic-button/show/7", { lang: "id" });
    expect(await screen.findByRole("heading", { name: "Riwayat alarm" })).toBeInTheDocument();
    const texts = await steps();
    expect(texts[2]).toMatch(/^Dieskalasi ke admin/);
    expect(texts[5]).toMatch(/^Diselesaikan oleh Agus Supervisor.*Catatan: Taken to hospital$/);
  });
});
