// Single-use links are used once, also when two requests bring one at the same moment: the
// reset-password link and an invitation's set-password link (the same flow, POST
// /api/reset-password) are claimed by a conditional update; of two requests sent at once, exactly
// one sets the password (200) and the other is refused as a used link (400 reset_invalid).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const latestLinkToken = async (email: string): Promise<string> => {
  const mail = await env.db.selectFrom("mail_outbox").select("body_text").where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  return /#\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(String(mail.body_text))![1];
};
const signIn = (email: string, password: string) => env.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });

/** Two requests with the token at once; the passwords they set; which one won. */
async function twoAtOnce(email: string, token: string) {
  const passwords = ["first-at-once-1", "second-at-once-2"];
  const answers = await Promise.all(passwords.map((password) => env.call(null, "POST", "/api/reset-password", { token, password })));
  const statuses = answers.map((a) => a.status);
  expect(statuses.slice().sort()).toEqual([200, 400]);
  const loser = answers.find((a) => a.status === 400)!;
  expect(loser.body).toMatchObject({ key: "reset_invalid", errors: { token: expect.any(String) } });
  const won = passwords[statuses.indexOf(200)];
  const lost = passwords[statuses.indexOf(400)];
  expect((await signIn(email, won)).statusCode).toBe(200);
  expect((await signIn(email, lost)).statusCode).toBe(401);
}

describe("single-use links under concurrency", () => {
  it("a reset link sent twice at once sets one password", async () => {
    for (let round = 0; round < 2; round++) {
      expect((await env.call(null, "POST", "/api/send-forgot-email", { email: "viewer@alpha.test" })).status).toBe(200);
      await twoAtOnce("viewer@alpha.test", await latestLinkToken("viewer@alpha.test"));
    }
  });

  it("an invitation's set-password link sent twice at once sets one password", async () => {
    const invited = await env.call(env.adminA, "POST", "/api/human-resource/invite", {
      name: "Ina Invited",
      email: "ina@alpha.test",
      employee_type: "contract",
      role_id: env.roles.viewerA,
    });
    expect(invited.status, invited.raw).toBe(200);
    await twoAtOnce("ina@alpha.test", await latestLinkToken("ina@alpha.test"));
    // A new invitation's link works once more, once.
    expect((await env.call(env.adminA, "POST", `/api/human-resource/invite/${String(invited.body.data.id)}`)).status).toBe(200);
    await twoAtOnce("ina@alpha.test", await latestLinkToken("ina@alpha.test"));
  });
});
