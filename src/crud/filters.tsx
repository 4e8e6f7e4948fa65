// The filter bar above a list: text contains, enum/ref/boolean equals, dates within a range.
// Its values become Refine filters (kept in the URL by the table); applying them goes back to
// page 1 (useTable's search does that).
import { lazy, Suspense } from "react";
import { Button, Form, Select, Space } from "antd";
// antd's Input itself: the `Input` export carries TextArea, Search, Password and OTP along.
import Input from "antd/es/input/Input";
import type { FormProps } from "antd";
import { SearchOutlined, UndoOutlined } from "@ant-design/icons";
import type { CrudFilter } from "@refinedev/core";
import { filterKindOf, type ResolvedField, type ResolvedResource } from "../../declaration";
import { projectFieldOf, zoneOfProject } from "../lib/timeZones";
import { enumOptions } from "./fields/choice";
import { RefSelect } from "./fields/ref";
import type { Formatting } from "./useCrud";

// The range picker stays out of the list chunk unless a list filters by date.
const DateRangeFilter = lazy(() => import("./DateRangeFilter"));

type Values = Record<string, unknown>;

const NUMBER = new Set(["integer", "number", "money", "percent"]);

/** Refine's operator of a field's filter: the declaration's kind (contains, between, eq) by the same name. */
export const operatorOf = (f: ResolvedField): CrudFilter["operator"] => filterKindOf(f);

/** Form values → filters; an emptied field gives `undefined`, which removes its filter. */
export function toFilters(fields: readonly ResolvedField[], values: Values): CrudFilter[] {
  return fields.map((f) => {
    const v = values[f.name];
    const empty = v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
    return { field: f.name, operator: operatorOf(f), value: empty ? undefined : v } as CrudFilter;
  });
}

/** URL values come back as text: read them as the field's type for the widgets. */
const fromUrl = (f: ResolvedField) => (v: unknown) => {
  if (v === undefined || v === null || v === "") return { value: undefined };
  if (f.type === "boolean") return { value: v === true || v === "true" };
  if (f.type === "ref" || NUMBER.has(f.type)) return { value: Number(v) };
  return { value: v };
};

/**
 * Form.Item's control must take value/onChange itself: Suspense sits inside. Until the picker's
 * chunk is there, a disabled stand-in carries the item's id, so the filter's label names it.
 */
function DateRangeField(props: { type: "date" | "datetime"; zone: string; id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  return (
    <Suspense fallback={<Input id={props.id} disabled aria-busy="true" style={{ width: 240 }} />}>
      <DateRangeFilter {...props} />
    </Suspense>
  );
}

export function FilterBar({ resource, fields, fmt, formProps }: { resource: ResolvedResource; fields: readonly ResolvedField[]; fmt: Formatting; formProps: FormProps }) {
  const form = formProps.form!;
  // Times filter by the days of the project filtered on, else of the company.
  const projectField = projectFieldOf(resource);
  const filteredProject = Form.useWatch((values: Values) => (projectField && fields.some((f) => f.name === projectField) ? values?.[projectField] : undefined), form);
  const zone = zoneOfProject(fmt.zones, filteredProject);
  const submitSoon = () => form.submit();
  return (
    <Form {...formProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} aria-label={fmt.t("crud.filters.title")}>
      {fields.map((f) => {
        const label = fmt.label(f);
        const common = { name: f.name, label, getValueProps: fromUrl(f) };
        switch (f.type) {
          case "enum":
            return (
              <Form.Item key={f.name} {...common}>
                <Select allowClear placeholder={fmt.t("crud.filters.any")} options={enumOptions(f, fmt.t)} onChange={submitSoon} style={{ minWidth: 160 }} />
              </Form.Item>
            );
          case "boolean":
            return (
              <Form.Item key={f.name} {...common}>
                <Select
                  allowClear
                  placeholder={fmt.t("crud.filters.any")}
                  options={[
                    { value: true, label: fmt.t("common.yes") },
                    { value: false, label: fmt.t("common.no") },
                  ]}
                  onChange={submitSoon}
                  style={{ minWidth: 120 }}
                />
              </Form.Item>
            );
          case "ref":
            return (
              <Form.Item key={f.name} {...common}>
                <RefSelect field={f} placeholder={fmt.t("crud.filters.any")} onChange={submitSoon} style={{ minWidth: 200 }} />
              </Form.Item>
            );
          case "date":
          case "datetime":
            return (
              <Form.Item key={f.name} name={f.name} label={label}>
                <DateRangeField type={f.type} zone={zone} onChange={submitSoon} />
              </Form.Item>
            );
          default:
            if (NUMBER.has(f.type))
              return (
                <Form.Item key={f.name} {...common} getValueFromEvent={(e: { target: { value: string } }) => (e.target.value === "" ? undefined : Number(e.target.value))}>
                  <Input type="number" style={{ width: 140 }} />
                </Form.Item>
              );
            return (
              <Form.Item key={f.name} {...common}>
                <Input allowClear placeholder={fmt.t("crud.filters.contains")} style={{ width: 200 }} />
              </Form.Item>
            );
        }
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {fmt.t("crud.filters.search")}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              form.submit();
            }}
          >
            {fmt.t("crud.filters.reset")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
