// Custom operations by resource and operation name (src/providers/operations.ts): the request
// each sends (method, path from the declaration, query, body) and the typed answer it gives.
import { Refine } from "@refinedev/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { KanbanColumn, StorageInfo } from "../../declaration/answers";
import { dataProvider } from "../../src/providers/dataProvider";
import { callOperation, useOperation, useOperationMutation } from "../../src/providers/operations";
import { ok, recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";

const inRefine = (ui: ReactNode) =>
  render(
    <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
      {ui}
    </Refine>,
  );

const COLUMNS: KanbanColumn[] = [
  { status: "todo", cards: [{ id: 1, title: "Survey", status: "todo" }] },
  { status: "done", cards: [] },
];

function Board({ boardId }: { boardId: number }) {
  const { data } = useOperation("kanban-card", "getData", { query: { kanban_board_id: boardId } });
  // Typed: columns with their cards (a wrong field would not compile).
  return (
    <ul>
      {data?.map((c) => (
        <li key={c.status}>{`${c.status}: ${c.cards.length}`}</li>
      ))}
    </ul>
  );
}

describe("useOperation", () => {
  it("GETs the declared path with the query and answers the typed data", async () => {
    signIn();
    const api = recordApi({ "GET /api/kanban-card/get-data": ok(COLUMNS) });
    inRefine(<Board boardId={4} />);
    expect(await screen.findByText("todo: 1")).toBeInTheDocument();
    expect(screen.getByText("done: 0")).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].method).toBe("GET");
    expect(api.calls[0].query.get("kanban_board_id")).toBe("4");
    expect(api.calls[0].headers.get("authorization")).toBe("Bearer tok-1");
  });

  it("fills path parameters from params", async () => {
    signIn();
    const info: StorageInfo = { company_id: 7, company_id_label: "Demo", company_name: "Demo", used_bytes: 2048, file_count: 2, quota_bytes: null, used_percent: null };
    const api = recordApi({ "GET /api/information-storage/7": ok(info) });
    function Storage() {
      const { data } = useOperation("information-storage", "one", { params: { company_id: 7 } });
      return <p>{data ? `${data.company_name}: ${data.file_count} files` : "..."}</p>;
    }
    inRefine(<Storage />);
    expect(await screen.findByText("Demo: 2 files")).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/information-storage/7"]);
  });

  it("waits while not enabled", async () => {
    signIn();
    const api = recordApi({ "GET /api/kanban-card/get-data": ok(COLUMNS) });
    function Idle() {
      const { data, query } = useOperation("kanban-card", "getData", { enabled: false });
      return <p>{query.fetchStatus === "idle" && data === undefined ? "idle" : "fetched"}</p>;
    }
    inRefine(<Idle />);
    expect(await screen.findByText("idle")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe("useOperationMutation", () => {
  it("sends the declared method and path with the body, and answers the typed data", async () => {
    signIn();
    const points = [{ user_id: 9, user_id_label: "Sari", wptime: "2026-11-23 08:00:00", lon: "106.827153", lat: "-6.175392" }];
    const api = recordApi({ "POST /legacy/waypoint-monitoring/9/search": ok(points, { recordsTotal: 1, recordsFiltered: 1 }) });
    function Track() {
      const { run } = useOperationMutation("waypoint-monitoring", "searchByUser");
      const [text, setText] = useState("");
      const load = () => void run({ params: { user_id: 9 }, payload: { start: 0, length: 50 } }).then((rows) => setText(`${String(rows[0].lon)},${String(rows[0].lat)}`));
      return <button onClick={load}>{text || "load"}</button>;
    }
    inRefine(<Track />);
    fireEvent.click(screen.getByRole("button", { name: "load" }));
    expect(await screen.findByText("106.827153,-6.175392")).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /legacy/waypoint-monitoring/9/search"]);
    expect(api.calls[0].body).toEqual({ start: 0, length: 50 });
  });
});

describe("callOperation", () => {
  it("POSTs the body outside React and answers the typed data", async () => {
    signIn();
    const api = recordApi({ "POST /api/project/total": ok({ total: 12 }) });
    const answer = await callOperation("project", "total", { payload: { columns: [{ data: "status", value: "active" }] } });
    const total: number = answer.total;
    expect(total).toBe(12);
    expect(api.calls[0]).toMatchObject({ method: "POST", path: "/api/project/total", body: { columns: [{ data: "status", value: "active" }] } });
  });

  it("an operation the answers map does not list is a compile error (and no request)", async () => {
    signIn();
    const api = recordApi({});
    // @ts-expect-error kanban-card has no operation "getTree"
    await expect(callOperation("kanban-card", "getTree")).rejects.toThrow('kanban-card declares no operation "getTree"');
    // @ts-expect-error "kanban-cards" is no resource with typed operations
    await expect(callOperation("kanban-cards", "getData")).rejects.toThrow();
    expect(api.calls).toHaveLength(0);
  });

  it("a failed answer rejects with the server's message", async () => {
    signIn();
    recordApi({ "GET /api/kanban-card/get-data": { status: 400, body: { status: false, message: "kanban_board_id is required", errors: { kanban_board_id: "required" } } } });
    await expect(callOperation("kanban-card", "getData")).rejects.toMatchObject({ statusCode: 400, message: "kanban_board_id is required" });
  });
});
