// Enums: a select of the translated options (also used by the list's filters).
import { FormSelect } from "./FormSelect";
import type { ResolvedField } from "../../../declaration";
import { enumLabelKey } from "../model";

type T = (key: string) => string;

export const enumOptions = (f: ResolvedField, t: T) => (f.options ?? []).map((o) => ({ value: o, label: t(enumLabelKey(f, o)) }));

export function EnumSelect({ field, t, ...props }: { field: ResolvedField; t: T; value?: string; onChange?: (v: unknown) => void; id?: string; placeholder?: string }) {
  return <FormSelect allowClear showSearch optionFilterProp="label" options={enumOptions(field, t)} {...props} />;
}
