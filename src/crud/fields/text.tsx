// One-line and multi-line text, passwords and JSON.
import { Input } from "antd";
import type { ResolvedField } from "../../../declaration";

const INPUT_TYPES: Partial<Record<string, string>> = { email: "email", phone: "tel", url: "url" };

export function TextInput({ field, ...props }: { field: ResolvedField; value?: string; onChange?: (v: unknown) => void; id?: string }) {
  if (field.type === "password") return <Input.Password autoComplete="new-password" maxLength={field.maxLength} {...props} />;
  if (field.type === "text")
    return <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={field.maxLength} showCount={!!field.maxLength && field.maxLength <= 1000} {...props} />;
  return <Input type={INPUT_TYPES[field.type] ?? "text"} maxLength={field.maxLength} {...props} />;
}

/** JSON is edited as text; the form's submit turns it back into JSON. */
export function JsonInput(props: { value?: string; onChange?: (v: unknown) => void; id?: string }) {
  return <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} spellCheck={false} style={{ fontFamily: "monospace" }} {...props} />;
}
