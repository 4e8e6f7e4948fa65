// The form's side of the shared table of field values (tests/unit/field-value-cases.ts): the
// generated form's rules (src/crud/fields/rules.ts, run by the validator antd's forms use) pass a
// valid value and refuse the others with the key's text in the user's language. The server's
// side is tests/server/field-values.test.ts.
import Schema from "@rc-component/async-validator";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { rulesOf } from "../../src/crud/fields/rules";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";
import { FIELD_VALUE_CASES } from "./field-value-cases";

type Texts = Record<string, unknown>;

/** i18next's lookup and {{x}} interpolation, enough for these texts. */
const translator =
  (texts: Texts) =>
  (key: string, params: Record<string, unknown> = {}): string => {
    const text = key.split(".").reduce<unknown>((at, k) => (at as Texts | undefined)?.[k], texts);
    if (typeof text !== "string") throw new Error(`no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
  };

async function formError(resource: string, field: string, value: unknown, t: ReturnType<typeof translator>): Promise<string | null> {
  const f = resourceByName(resource as "demo-management").fields.find((x) => x.name === field)!;
  const schema = new Schema({ [field]: rulesOf(f, "create", t) as never });
  try {
    await schema.validate({ [field]: value }, { first: true });
    return null;
  } catch (e) {
    const errors = (e as { errors?: Array<{ message: string }> }).errors;
    if (!errors) throw e;
    return errors[0].message;
  }
}

describe("field values: the form applies the shared rule", () => {
  const t = translator(en);
  it.each(FIELD_VALUE_CASES.map((c) => [`${c.resource}.${c.field} = ${JSON.stringify(c.value)}`, c] as const))("%s", async (_, c) => {
    const expected = c.error === undefined ? null : c.error === "required" ? t("common.required") : t(`crud.validation.${c.error}`, c.params ?? {});
    expect(await formError(c.resource, c.field, c.value, t)).toBe(expected);
  });

  it("says it in Indonesian for an Indonesian user", async () => {
    expect(await formError("demo-management", "phone", "0812", translator(id))).toMatch(/^Nomor telepon tidak valid/);
    expect(await formError("demo-management", "name", "x".repeat(256), translator(id))).toBe("Paling banyak 255 karakter");
  });
});
