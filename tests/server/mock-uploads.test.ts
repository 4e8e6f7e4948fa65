// The contract mock (tests/mocks/handlers.ts, what the web suite runs against) refuses the file
// parts an operation does not declare as the server does (declaration/uploads.ts): the same
// multipart bodies go to both; status, key and field errors agree.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContractMock } from "../mocks/handlers";
import { png } from "./files-multipart";
import { setupServer as setupApp, type TestEnv } from "./helpers";

const msw = setupServer();
let env: TestEnv;
beforeAll(async () => {
  msw.listen({ onUnhandledRequest: "bypass" });
  env = await setupApp();
});
afterAll(async () => {
  msw.close();
  await env?.close();
});

type FormPart = [name: string, value: string] | [name: string, file: Buffer, filename: string];
const formOf = (parts: FormPart[]): FormData => {
  const form = new FormData();
  for (const [name, v, filename] of parts) {
    if (typeof v === "string") form.append(name, v);
    else form.append(name, new Blob([new Uint8Array(v)], { type: "image/png" }), filename);
  }
  return form;
};

/** status, key and errors of one body sent to the server (its own multipart encoding, through inject) and to the mock (fetch, intercepted). */
async function both(path: string, parts: FormPart[]) {
  const encoded = new Response(formOf(parts));
  const server = await env.app.inject({
    method: "POST",
    url: `/api/${path}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": encoded.headers.get("content-type")! },
  });
  const mock = createContractMock();
  msw.use(...mock.handlers);
  const res = await fetch(`http://localhost/api/${path}`, { method: "POST", body: formOf(parts), headers: { authorization: "Bearer t" } });
  const pick = (status: number, b: { key?: unknown; errors?: unknown }) => ({ status, key: b.key, errors: b.errors });
  return { server: pick(server.statusCode, server.json()), mock: pick(res.status, (await res.json()) as { key?: unknown; errors?: unknown }) };
}

describe("file parts an operation does not take", () => {
  it.each<[string, string, FormPart[]]>([
    [
      "a file part of another field",
      "image/upload",
      [
        ["folder", "profile"],
        ["owner_id", "1"],
        ["photo", png(), "a.png"],
      ],
    ],
    [
      "two files where one is taken",
      "image/upload",
      [
        ["folder", "profile"],
        ["owner_id", "1"],
        ["file", png(), "a.png"],
        ["file", png(), "b.png"],
      ],
    ],
    [
      "21 files of a multiple upload",
      "image/multiple-upload",
      [["folder", "profile"], ["owner_id", "1"], ...Array.from({ length: 21 }, (_, i): FormPart => ["file", png(), `p${i}.png`])],
    ],
  ])("%s: the mock answers as the server", async (_what, path, parts) => {
    const { server, mock } = await both(path, parts);
    expect(server.status).toBe(400);
    expect(mock).toEqual(server);
  });
});
