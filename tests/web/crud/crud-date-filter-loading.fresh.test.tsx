// A list's date filter while its range picker is still loading (a lazy chunk, slow on a busy
// phone or machine): the stand-in the bar shows meanwhile is named by the filter's label, so
// nothing on the bar is unlabelled for a screen reader (axe's `label` rule) at any moment.
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderCrud, waitForTitle } from "./harness";
import { LOAD } from "../support/waits";

// The picker's chunk never arrives: the stand-in stays.
vi.mock("../../../src/crud/DateRangeFilter", () => new Promise(() => undefined));

beforeEach(() => {
  const api = mockApi();
  api.db.seed("presence", [{ id: 1, user_id: 5, project_id: 1, presence_date: "2026-11-25", presence_status: "present" }]);
});

describe("a date filter still loading", () => {
  it("is a disabled, busy field named by the filter's label", async () => {
    await renderCrud("/presence");
    await waitForTitle("Attendance");
    const field = await screen.findByLabelText("Date", { selector: "input" }, LOAD);
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute("aria-busy", "true");
  });
});
