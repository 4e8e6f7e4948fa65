// A reference to another resource's record: a searchable select over the target (server-side
// search on its label field; the current value's label comes through getMany). A target that
// cannot be listed gets a plain id input (an Input: this module is in the list chunk too, and
// InputNumber would bring its number machinery there).
// antd's Input itself: the `Input` export carries TextArea, Search, Password and OTP along.
import Input from "antd/es/input/Input";
import { useSelect } from "@refinedev/antd";
import { RESOURCE_BY_NAME, refLabelOf, type ResolvedField, type ResolvedResource } from "../../../declaration";
import { seededLabel } from "../display/values";
import { canListRecords, resourceOf } from "../model";
import { useOfferedIds } from "../useOffered";
import { FormSelect } from "./FormSelect";

type Key = string | number;
type Props = { field: ResolvedField; value?: Key | null; onChange?: (v: unknown) => void; id?: string; placeholder?: string; style?: React.CSSProperties };

const byName = RESOURCE_BY_NAME as Map<string, ResolvedResource>;

/** Whether the select can search the target on the server by its label field. */
const searchable = (target: ResolvedResource, labelField: string) =>
  ["string", "text", "email", "phone", "url"].includes(target.fields.find((f) => f.name === labelField)?.type ?? "");

function RefSearchSelect({ field, value, ...rest }: Props) {
  const target = resourceOf(field.ref);
  const labelField = refLabelOf(field, byName);
  const { selectProps } = useSelect<Record<string, unknown>>({
    resource: target.name,
    // A label that is itself a ref reads through its own label.
    optionLabel: (item) => seededLabel(target.name, String(item[`${labelField}_label`] ?? item[labelField] ?? item.id)),
    optionValue: (item) => item.id as string,
    defaultValue: value === null || value === undefined || value === "" ? undefined : (value as Key),
    pagination: { pageSize: 20, mode: "server" },
    sorters: target.fields.some((f) => f.name === labelField && f.sortable) ? [{ field: labelField, order: "asc" }] : undefined,
    onSearch: (text) => (searchable(target, labelField) ? [{ field: labelField, operator: "contains", value: text || undefined }] : []),
    debounce: 300,
    errorNotification: false,
  });
  // Only what the field offers (the roles within the actor's rights), and the current value.
  const offered = useOfferedIds(field);
  const options = offered
    ? selectProps.options?.filter((o) => offered.has(Number(o.value)) || (value !== null && value !== undefined && String(o.value) === String(value)))
    : selectProps.options;
  return (
    <FormSelect
      {...selectProps}
      options={options}
      allowClear
      showSearch
      // Without server-side search the loaded options are filtered here.
      filterOption={
        searchable(target, labelField)
          ? false
          : (input, o) =>
              String(o?.label ?? "")
                .toLowerCase()
                .includes(input.toLowerCase())
      }
      value={(value ?? undefined) as never}
      {...rest}
    />
  );
}

export function RefSelect(props: Props) {
  const target = props.field.ref ? byName.get(props.field.ref) : undefined;
  if (!target || !canListRecords(target)) {
    const { onChange, value, id, placeholder, style } = props;
    return (
      <Input
        type="number"
        min={1}
        step={1}
        value={value === null || value === undefined ? "" : String(value)}
        onChange={(e) => onChange?.(e.target.value === "" ? null : Number(e.target.value))}
        id={id}
        placeholder={placeholder}
        style={{ width: "100%", ...style }}
      />
    );
  }
  return <RefSearchSelect {...props} />;
}
