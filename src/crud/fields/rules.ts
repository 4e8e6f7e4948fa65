// antd validation rules from a field's declaration: the rule the server applies
// (declaration/field-values.ts), its error key shown through i18n (`crud.validation.<key>`).
import type { Rule } from "antd/es/form";
import type { ResolvedField } from "../../../declaration";
import { checkFieldValue, isEmpty, type FieldCheck } from "../../../declaration/field-values";

type T = (key: string, options?: Record<string, unknown>) => string;

const TEXTUAL = new Set(["string", "text", "email", "phone", "url", "password", "color", "icon"]);
/** Widgets that can only hold a valid value (a switch, a select of the options or records, an upload) are not checked again. */
const CHECKED = new Set([...TEXTUAL, "integer", "number", "money", "percent", "date", "datetime", "time", "timezone", "json", "geo"]);

/** Whether the field must be filled in this form (passwords only when creating). */
export const isRequired = (f: ResolvedField, action: "create" | "edit"): boolean => f.required && f.type !== "boolean" && !(f.type === "password" && action === "edit");

/** The message of a refused value in the user's language. */
export const fieldErrorText = (c: Extract<FieldCheck, { ok: false }>, t: T): string => t(`crud.validation.${c.key}`, c.params ?? {});

/**
 * The shared check of a form value (the form state holds wire values; a JSON field's text is
 * parsed, as the form sends it). Empty values pass: `required` is its own rule.
 */
export function checkFormValue(f: ResolvedField, v: unknown): FieldCheck {
  if (v === undefined || isEmpty(v)) return { ok: true, value: v };
  if (f.type === "geo" && Array.isArray(v)) {
    const [lon, lat] = v as [number | null, number | null];
    if (lon === null && lat === null) return { ok: true, value: null };
  }
  return checkFieldValue(f, v, f.type === "json");
}

export function rulesOf(f: ResolvedField, action: "create" | "edit", t: T): Rule[] {
  const rules: Rule[] = [];
  // Only `required` (and message) in the rule: any other key makes the validator check the
  // value as a string, which fails numbers and ids.
  if (isRequired(f, action))
    rules.push(TEXTUAL.has(f.type) ? { required: true, whitespace: true, message: t("common.required") } : { required: true, message: t("common.required") });
  if (CHECKED.has(f.type))
    rules.push({
      validator: async (_, v) => {
        const c = checkFormValue(f, v);
        if (!c.ok) throw new Error(fieldErrorText(c, t));
      },
    });
  return rules;
}
