// Table columns from the declaration's list fields, plus the row actions the resource has.
import { Button, Space } from "antd";
import { EditOutlined } from "@ant-design/icons";
import type { TableColumnType } from "antd";
import type { CrudSort } from "@refinedev/core";
import type { ResolvedField, ResolvedResource } from "../../declaration";
import { DeleteAction } from "./DeleteAction";
import { valueNode } from "./display/values";
import { capabilitiesOf, routeMetaOf } from "./model";
import { EditButton, ShowButton } from "./RouteButtons";
import type { Formatting } from "./useCrud";

type Row = Record<string, unknown>;

const RIGHT_ALIGNED = new Set(["integer", "number", "money", "percent"]);
/** Short values that read badly when broken over lines (dates, amounts, states). */
const NO_WRAP = new Set(["integer", "number", "money", "percent", "date", "datetime", "time", "enum", "boolean", "phone"]);
const noWrap = (f: ResolvedField, r: ResolvedResource) => NO_WRAP.has(f.type) || (f.type === "string" && f.name !== r.labelField && (f.maxLength ?? 255) <= 64);
const guarded = { enabled: true, hideIfUnauthorized: true };

/** antd's sort order of a column from the table's sorters (none: null, unsorted). */
export const sortOrderOf = (field: string, sorters: readonly CrudSort[]): "ascend" | "descend" | null => {
  const s = sorters.find((x) => x.field === field);
  return s ? (s.order === "asc" ? "ascend" : "descend") : null;
};

/** Row actions of a list shown inside another page (the project workspace): edit in place, no show link. */
export interface InPlaceActions {
  /** Edit in place; left out when the role may not edit (no button: the save would be refused). */
  onEdit?: (record: Row) => void;
  /** After a row was deleted (lists not read through the resource's own search). */
  onDeleted?: () => void;
}

/**
 * `mayChange`: whether a row is the actor's to edit or delete (a person of a role beyond the
 * actor's rights is not: src/crud/useOffered.ts); default every row.
 */
export function buildColumns(
  r: ResolvedResource,
  fields: readonly ResolvedField[],
  sorters: CrudSort[],
  fmt: Formatting,
  inPlace?: InPlaceActions,
  mayChange: (record: Row) => boolean = () => true,
): TableColumnType<Row>[] {
  const columns: TableColumnType<Row>[] = fields.map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: fmt.label(f),
    align: RIGHT_ALIGNED.has(f.type) && !f.implicit ? "right" : undefined,
    sorter: f.sortable,
    sortOrder: f.sortable ? sortOrderOf(f.name, sorters) : undefined,
    // Codes and other short values stay on one line; names, titles and long text wrap.
    onCell: () => (noWrap(f, r) ? { style: { whiteSpace: "nowrap" } } : {}),
    render: (_: unknown, record: Row) => valueNode(r, f, record, fmt),
  }));
  const can = inPlace ? { ...capabilitiesOf(r), show: false } : capabilitiesOf(r);
  if (can.show || can.edit || can.delete) {
    columns.push({
      key: "__actions",
      title: fmt.t("crud.table.actions"),
      fixed: "right",
      onCell: () => ({ style: { whiteSpace: "nowrap" } }),
      render: (_: unknown, record: Row) => {
        const id = record.id as string | number;
        const meta = routeMetaOf(r, record);
        const changeable = mayChange(record);
        return (
          <Space size={4}>
            {can.show ? (
              <ShowButton
                hideText
                size="small"
                resource={r.name}
                recordItemId={id}
                meta={meta}
                accessControl={guarded}
                title={fmt.t("crud.actions.show")}
                aria-label={fmt.t("crud.actions.show")}
              />
            ) : null}
            {!changeable ? null : inPlace ? (
              can.edit && inPlace.onEdit ? (
                <Button size="small" icon={<EditOutlined />} onClick={() => inPlace.onEdit?.(record)} title={fmt.t("crud.actions.edit")} aria-label={fmt.t("crud.actions.edit")} />
              ) : null
            ) : can.edit ? (
              <EditButton
                hideText
                size="small"
                resource={r.name}
                recordItemId={id}
                meta={meta}
                accessControl={guarded}
                title={fmt.t("crud.actions.edit")}
                aria-label={fmt.t("crud.actions.edit")}
              />
            ) : null}
            {can.delete && changeable ? <DeleteAction hideText size="small" resource={r.name} id={id} record={record} onSuccess={inPlace?.onDeleted} /> : null}
          </Space>
        );
      },
    });
  }
  return columns;
}
