// One form field: the widget for its type inside a Form.Item with its label, rules and the
// wire ↔ widget conversions. The form's state holds wire values throughout.
import { Form } from "antd";
import type { FormItemProps } from "antd";
import type { ResolvedField, ResolvedResource } from "../../../declaration";
import { projectFieldOf, zoneOfProject, type TimeZones } from "../../lib/timeZones";
import type { Formatting } from "../useCrud";
import { BooleanSwitch } from "./boolean";
import { EnumSelect } from "./choice";
import { ColorInput, colorFromEvent } from "./color";
import { fromDayjs, toDayjs } from "./convert";
import { DateTimeInput } from "./dates";
import { GeoInput } from "./geo";
import { IconSelect } from "./icon";
import { NumberInput } from "./number";
import { RefSelect } from "./ref";
import { isRequired, rulesOf } from "./rules";
import { JsonInput, TextInput } from "./text";
import { TimeZoneSelect } from "./timezone";
import { fileListFromEvent, MultipartFileInput, StoredFileInput } from "./upload";

export interface FormFieldProps {
  resource: ResolvedResource;
  field: ResolvedField;
  action: "create" | "edit";
  fmt: Formatting;
  /** The create operation takes multipart: files travel in its body. */
  multipart: boolean;
  recordId?: string | number;
  /** Values the form sends without showing them (an embedded list's project). */
  fixed?: Record<string, unknown>;
}

/**
 * The zone a form's times are typed in: the project the record names (as chosen in the form, or
 * fixed by the page around it; a project's own form: the project itself), else the company's.
 */
function useFormZone(resource: ResolvedResource, zones: TimeZones, recordId: string | number | undefined, fixed: Record<string, unknown> | undefined): string {
  const field = projectFieldOf(resource);
  const chosen = Form.useWatch((values: Record<string, unknown>) => (field && field !== "id" ? values?.[field] : undefined), Form.useFormInstance());
  const project = field === "id" ? recordId : (chosen ?? (field ? fixed?.[field] : undefined));
  return zoneOfProject(zones, project);
}

/** A date, datetime or time input; datetimes on the clock of the form's site. */
function DateTimeItem({
  item,
  type,
  resource,
  fmt,
  recordId,
  fixed,
}: { item: FormItemProps; type: "date" | "datetime" | "time" } & Pick<FormFieldProps, "resource" | "fmt" | "recordId" | "fixed">) {
  const zone = useFormZone(resource, fmt.zones, recordId, fixed);
  return (
    <Form.Item {...item} getValueProps={(v: unknown) => ({ value: toDayjs(v, type, zone) })} normalize={(d) => fromDayjs(d, type, zone)}>
      <DateTimeInput type={type} zone={zone} />
    </Form.Item>
  );
}

export function FormField({ resource, field: f, action, fmt, multipart, recordId, fixed }: FormFieldProps) {
  const label = fmt.label(f);
  const item: FormItemProps = { name: f.name, label, rules: rulesOf(f, action, fmt.t), required: isRequired(f, action) };
  let widget: React.ReactNode;
  switch (f.type) {
    case "integer":
    case "number":
    case "money":
    case "percent":
      widget = <NumberInput field={f} lang={fmt.lang} currency={fmt.currency} />;
      break;
    case "boolean":
      item.valuePropName = "checked";
      widget = <BooleanSwitch />;
      break;
    case "date":
    case "datetime":
    case "time":
      return <DateTimeItem item={item} type={f.type} resource={resource} fmt={fmt} recordId={recordId} fixed={fixed} />;
    case "timezone":
      // An optional zone (a project's) left empty is the company's.
      widget = <TimeZoneSelect t={fmt.t} lang={fmt.lang} companyZone={isRequired(f, action) ? undefined : fmt.zones.company} />;
      break;
    case "enum":
      widget = <EnumSelect field={f} t={fmt.t} />;
      break;
    case "ref":
      widget = <RefSelect field={f} />;
      break;
    case "color":
      item.getValueFromEvent = colorFromEvent;
      widget = <ColorInput />;
      break;
    case "icon":
      widget = <IconSelect />;
      break;
    case "geo":
      widget = <GeoInput t={fmt.t} />;
      break;
    case "json":
      // Edited as text; FormPage parses it back on submit.
      item.getValueProps = (v: unknown) => ({ value: v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v, null, 2) });
      widget = <JsonInput />;
      break;
    case "image":
    case "file":
      if (multipart) {
        item.valuePropName = "fileList";
        item.getValueFromEvent = fileListFromEvent;
        item.rules = isRequired(f, action) ? [{ required: true, type: "array", min: 1, message: fmt.t("common.required") }] : [];
        widget = <MultipartFileInput field={f} t={fmt.t} />;
      } else {
        widget = <StoredFileInput resource={resource} field={f} recordId={recordId} t={fmt.t} />;
      }
      break;
    default:
      if (f.type === "password" && action === "edit") item.extra = fmt.t("crud.password.keep");
      widget = <TextInput field={f} />;
  }
  return <Form.Item {...item}>{widget}</Form.Item>;
}

/** Fields that read best across the whole form width. */
export const isWide = (f: ResolvedField): boolean => ["text", "json", "geo", "image", "file"].includes(f.type);
