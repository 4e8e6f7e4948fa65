// The workspace's tabs that load their own chunk (documents, health, plan, board) get the shell's
// loading, time limit and Retry: a chunk that fails to load says so in the tab, and Retry loads
// it again (with a bare React.lazy the tab stayed blank).
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderCrud } from "../crud/harness";
import { LOAD } from "../support/waits";

const chunk = vi.hoisted(() => ({ fails: true, loads: 0 }));

// The documents tab's chunk: the first load fails as a lost network would, the next one arrives.
vi.mock("../../../src/pages/project/tabs/documents/DocumentsTab", () => {
  chunk.loads += 1;
  if (chunk.fails) throw new TypeError("Failed to fetch dynamically imported module: DocumentsTab.js");
  return { default: ({ projectId }: { projectId: number }) => <p>{`documents of project ${projectId}`}</p> };
});

beforeEach(() => {
  const api = mockApi();
  api.db.seed("project", [{ id: 2, name: "Tower A", code: "P-002", start_date: "2026-01-05", end_date: "2026-12-20", status: "in_progress" }]);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("project tab chunks", () => {
  it("a tab whose chunk fails to load shows the load error with Retry, and Retry loads it", async () => {
    const { user } = await renderCrud("/project/show/2/documents");
    expect(await screen.findByText("This page could not be loaded", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("The connection may be slow, or the app was updated meanwhile. Try again.")).toBeInTheDocument();
    // The workspace around it stays: the project's name and its tabs.
    expect(screen.getByRole("heading", { name: "Tower A" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Documents" })).toBeInTheDocument();
    chunk.fails = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("documents of project 2", {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText("This page could not be loaded")).toBeNull();
    expect(chunk.loads).toBe(2);
  });
});
