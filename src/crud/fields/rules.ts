// antd validation rules from a field's declaration, with messages through i18n.
import type { Rule } from "antd/es/form";
import type { ResolvedField } from "../../../declaration";

type T = (key: string, options?: Record<string, unknown>) => string;

const NUMERIC = new Set(["integer", "number", "money", "percent"]);
const TEXTUAL = new Set(["string", "text", "email", "phone", "url", "password", "color", "icon"]);

/** Whether the field must be filled in this form (passwords only when creating). */
export const isRequired = (f: ResolvedField, action: "create" | "edit"): boolean => f.required && f.type !== "boolean" && !(f.type === "password" && action === "edit");

export function rulesOf(f: ResolvedField, action: "create" | "edit", t: T): Rule[] {
  const rules: Rule[] = [];
  // Only `required` (and message) in the rule: any other key makes the validator check the
  // value as a string, which fails numbers and ids.
  if (isRequired(f, action))
    rules.push(TEXTUAL.has(f.type) ? { required: true, whitespace: true, message: t("common.required") } : { required: true, message: t("common.required") });
  if (f.type === "email") rules.push({ type: "email", message: t("crud.validation.email") });
  if (f.type === "url") rules.push({ type: "url", message: t("crud.validation.url") });
  if (TEXTUAL.has(f.type) && f.maxLength) rules.push({ type: "string", max: f.maxLength, message: t("crud.validation.maxLength", { max: f.maxLength }) });
  if (NUMERIC.has(f.type)) {
    if (f.min !== undefined) rules.push({ type: "number", min: f.min, message: t("crud.validation.min", { min: f.min }) });
    if (f.max !== undefined) rules.push({ type: "number", max: f.max, message: t("crud.validation.max", { max: f.max }) });
    if (f.type === "integer")
      rules.push({
        validator: async (_, v) => {
          if (v !== null && v !== undefined && !Number.isInteger(v)) throw new Error(t("crud.validation.integer"));
        },
      });
  }
  if (f.type === "json")
    rules.push({
      validator: async (_, v) => {
        if (typeof v !== "string" || v.trim() === "") return;
        try {
          JSON.parse(v);
        } catch {
          throw new Error(t("crud.validation.json"));
        }
      },
    });
  if (f.type === "geo")
    rules.push({
      validator: async (_, v) => {
        if (v === null || v === undefined) return;
        const [lon, lat] = v as [number | null, number | null];
        if ((lon === null) !== (lat === null)) throw new Error(t("crud.validation.geo"));
      },
    });
  return rules;
}
