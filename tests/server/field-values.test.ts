// The server's side of the shared table of field values (tests/unit/field-value-cases.ts): a
// valid value is stored, a refused one answers 400 naming the field with its key's message. The
// form's side is tests/unit/field-values-form.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_SECRET_FIELD } from "../../declaration/company-settings";
import { t } from "../../server/i18n/messages";
import { FIELD_VALUE_CASES, type FieldValueCase } from "../unit/field-value-cases";
import { setupServer, type Reply, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const DEMO = { name: "Budi", company_name: "PT Beta", email: "budi@beta.test", phone: "0812-3333-4444" };

function send(c: FieldValueCase): Promise<Reply> {
  if (c.resource === "demo-management") return env.call(env.owner, "POST", "/api/demo-management/add", { ...DEMO, [c.field]: c.value });
  return env.call(env.adminA, "PUT", "/api/company-management/own-settings", { [c.field]: c.value, [WEBHOOK_SECRET_FIELD]: "s".repeat(24) });
}

describe("field values: the server applies the shared rule", () => {
  it.each(FIELD_VALUE_CASES.map((c) => [`${c.resource}.${c.field} = ${JSON.stringify(c.value)}`, c] as const))("%s", async (_, c) => {
    const res = await send(c);
    if (c.error === undefined) {
      expect(res.status, res.raw).toBe(200);
    } else {
      expect(res.status, res.raw).toBe(400);
      expect(res.body.key).toBe("validation_failed");
      expect(res.body.errors).toEqual({ [c.field]: t("en", c.error, c.params ?? {}) });
    }
  });

  it("stores an email lower-cased and a phone trimmed", async () => {
    const res = await env.call(env.owner, "POST", "/api/demo-management/add", { ...DEMO, email: "Rina.Lestari@Contoh.CO.ID", phone: "  +62 812-3456-7890 " });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ email: "rina.lestari@contoh.co.id", phone: "+62 812-3456-7890" });
  });
});
