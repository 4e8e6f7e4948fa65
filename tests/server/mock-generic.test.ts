// The contract mock's generic handlers come from the declaration as the server's do: every
// operation the server answers with its generic handler (server/routes/generic.ts) has the
// mock's generic one (tests/mocks/generic.ts), so a new resource needs no mock code; and every
// bespoke mock names a declared operation (checked when tests/mocks/bespoke.ts loads).
import { describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import { genericHandler } from "../../server/routes/generic";
import { bespokeMockHandler } from "../mocks/bespoke";
import { genericMockHandler } from "../mocks/generic";

describe("contract mock from the declaration", () => {
  it("has a generic handler for every operation the server answers generically", () => {
    const missing = ALL_RESOURCES.flatMap((r) => r.operations.filter((op) => genericHandler(r, op) && !genericMockHandler({ r, op })).map((op) => `${r.name}.${op.name}`));
    expect(missing).toEqual([]);
    const generic = ALL_RESOURCES.flatMap((r) => r.operations.filter((op) => genericMockHandler({ r, op }))).length;
    expect(generic).toBeGreaterThan(ALL_RESOURCES.length * 3);
  });

  it("registers its bespoke handlers by declared operation", () => {
    const timesheet = ALL_RESOURCES.find((r) => r.name === "timesheet")!;
    expect(timesheet.operations.filter((op) => bespokeMockHandler(timesheet, op.name)).map((op) => op.name)).toEqual(expect.arrayContaining(["search", "correct", "approve"]));
  });
});
