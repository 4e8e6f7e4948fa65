// The contract mock's live event stream (tests/mocks/events.ts), the one the web suite tests
// against: 401 without a token in the server's envelope, a hello first, pushed events in the
// server's frames with increasing ids, drop and failure controls, each connect's headers.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createContractMock } from "../mocks/handlers";
import { readSse } from "./sse";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const URL_ = "http://localhost/api/events";

it("answers 401 with the error envelope without a token", async () => {
  const mock = createContractMock();
  server.use(...mock.handlers);
  const res = await fetch(URL_);
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ status: false, key: "unauthorized" });
});

it("streams a hello, then every pushed event with increasing ids, to every open stream", async () => {
  const mock = createContractMock();
  server.use(...mock.handlers);
  const a = readSse(await fetch(URL_, { headers: { Authorization: "Bearer t", "Last-Event-ID": "7" } }));
  const b = readSse(await fetch(URL_, { headers: { Authorization: "Bearer t" } }));
  expect((await a.next((f) => f.event === "hello")).data).toMatchObject({ server_time: expect.any(String) });
  await b.next((f) => f.event === "hello");
  expect(mock.events.open()).toBe(2);
  expect(mock.events.connects.map((c) => c.lastEventId)).toEqual(["7", null]);

  const panic = { id: 5, user_id: 3, user_id_label: "Worker", status: "open" };
  expect(mock.events.pushEvent("panic", { action: "raised", panic })).toBe(1);
  mock.events.pushEvent("position", { user_id: 3, lon: 106.8, lat: -6.2, accuracy: 5, at: "2026-11-25T04:00:00.000Z" });
  for (const s of [a, b]) {
    expect(await s.next((f) => f.event === "panic")).toEqual({ id: "1", event: "panic", data: { action: "raised", panic } });
    expect((await s.next((f) => f.event === "position")).id).toBe("2");
  }
  mock.events.heartbeat();
  expect(await a.next((f) => f.comment !== undefined)).toEqual({ comment: "hb" });

  mock.events.dropAll();
  expect(mock.events.open()).toBe(0);
  await a.next(() => false, 2000).catch((e: Error) => expect(e.message).toMatch(/stream ended/));
  expect(a.ended()).toBe(true);
  b.close();
});

it("answers the next connects with the failure asked for", async () => {
  const mock = createContractMock();
  server.use(...mock.handlers);
  mock.events.failNext(503, "unavailable", 2);
  for (let i = 0; i < 2; i++) {
    const res = await fetch(URL_, { headers: { Authorization: "Bearer t" } });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: false, key: "unavailable" });
  }
  const ok = await fetch(URL_, { headers: { Authorization: "Bearer t" } });
  expect(ok.headers.get("content-type")).toBe("text/event-stream");
  const s = readSse(ok);
  await s.next((f) => f.event === "hello");
  s.close();
});

it("answers panic-button trail/{id} as the server: raised and acknowledged, with who", async () => {
  const mock = createContractMock();
  server.use(...mock.handlers);
  mock.db.seed("human-resource", [{ id: 1, name: "Admin Demo", company_id: mock.db.companyId }]);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://localhost/api/${path}`, {
      method,
      headers: { Authorization: "Bearer t", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: { id: number } & Array<{ kind: string; actor_name: string | null; note: string | null }> } };
  };
  const raised = await call("POST", "panic-button/add", { message: "help" });
  expect(raised.status).toBe(200);
  expect((await call("PUT", `panic-button/acknowledge/${raised.body.data.id}`, { note: "coming" })).status).toBe(200);
  const trail = await call("GET", `panic-button/trail/${raised.body.data.id}`);
  expect(trail.body.data.map((s) => [s.kind, s.actor_name, s.note])).toEqual([
    ["raised", "Admin Demo", null],
    ["acknowledged", "Admin Demo", "coming"],
  ]);
  expect((await call("GET", "panic-button/trail/999")).status).toBe(404);
});
