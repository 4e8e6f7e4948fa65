// One table of field values, asserted on both sides so the two cannot drift apart: the server's
// answer (tests/server/field-values.test.ts: 200, or 400 naming the field with the key's message)
// and the generated form's rules (tests/unit/field-values-form.test.ts: no error, or the key's
// text). Both apply declaration/field-values.ts.
import type { FieldErrorKey, FieldErrorParams } from "../../declaration/field-values";
import type { ResourceName } from "../../declaration";

export interface FieldValueCase {
  /** Where the value is sent: a platform resource the owner adds, or the company's own settings. */
  resource: Extract<ResourceName, "demo-management" | "company-management">;
  field: string;
  value: unknown;
  /** Undefined: valid. */
  error?: FieldErrorKey;
  params?: FieldErrorParams;
}

const ok = (resource: FieldValueCase["resource"], field: string, values: unknown[]): FieldValueCase[] => values.map((value) => ({ resource, field, value }));
const bad = (resource: FieldValueCase["resource"], field: string, error: FieldErrorKey, values: unknown[], params?: FieldErrorParams): FieldValueCase[] =>
  values.map((value) => ({ resource, field, value, error, ...(params ? { params } : {}) }));

export const FIELD_VALUE_CASES: FieldValueCase[] = [
  ...ok("demo-management", "email", ["a@b.co", "Rina.Lestari+pm@contoh.co.id", "budi_s@mail.example.com"]),
  ...bad("demo-management", "email", "bad_email", [
    "a..b@x.com", // an empty label in the local part
    "a@x..com", // an empty label in the domain
    "a@b.c", // a top-level domain of one letter
    "a@[1.2.3.4]", // an IP literal
    "a@localhost", // no top-level domain
    '"a b"@x.com', // a quoted local part
    "a b@x.com",
    "plain",
    ".a@x.com",
  ]),
  ...ok("demo-management", "phone", ["+62 812-3456-7890", "(021) 555 0101", "0812345", "081234567890123", "  0812 3456 789  "]),
  ...bad("demo-management", "phone", "bad_phone", ["081234", "0812345678901234", "0812.3456.789", "62+812345678", "+62 812 abc 7890", "021/5550101", "++62812345678"]),
  ...bad("demo-management", "phone", "required", ["", "   "]),
  ...ok("demo-management", "employee_count", [1, 250]),
  ...bad("demo-management", "employee_count", "too_small", [0, -3], { min: 1 }),
  ...bad("demo-management", "employee_count", "not_integer", [2.5, "3"]),
  ...ok("demo-management", "name", ["x".repeat(255)]),
  ...bad("demo-management", "name", "too_long", ["x".repeat(256)], { max: 255 }),
  ...bad("demo-management", "name", "bad_text", ["bell\u0007"]),
  ...ok("demo-management", "demo_date", ["2026-11-21T08:30:00+07:00", "2026-11-21T01:30:00.000Z"]),
  ...bad("demo-management", "demo_date", "bad_datetime", ["2026-02-30T08:30:00+07:00", "2026-11-21 08:30", "tomorrow"]),
  ...ok("company-management", "alert_webhook_url", ["https://hooks.example.com/fieldworks", "http://hooks.example.net:8080/alerts?x=1"]),
  ...bad("company-management", "alert_webhook_url", "bad_url", ["ftp://example.com/x", "https://exa mple.com", "hooks.example.com", "https://"]),
];
