// The generated list shown inside another page (the project workspace's tabs): the declaration's
// columns and row actions, always filtered by `fixed` (field = value, e.g. the project), paged on
// the server without touching the URL; create and edit open the generated form in a modal with
// the fixed values filled in; delete asks the spec's confirmation.
import { useMemo, useState, type ReactNode } from "react";
import { Button, Empty, Space, Table, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { useCan, type CrudFilter } from "@refinedev/core";
import { canAccess } from "../providers/accessControlProvider";
import { buildColumns } from "./columns";
import { capabilitiesOf, listFieldsOf, resourceLabelKey } from "./model";
import { failedNotification } from "./notifications";
import { RecordFormModal } from "./RecordFormModal";
import { useDeclared, useFormatting } from "./useCrud";

type Row = Record<string, unknown>;

export interface EmbeddedListProps {
  resource: string;
  /** Fixed filters and form values: field → value. Their columns are not shown. */
  fixed: Record<string, string | number>;
  /** A heading above the table (default: the resource's label). */
  title?: ReactNode;
  /** More buttons beside Create. */
  extra?: ReactNode;
  /** Extra row actions after the generated ones. */
  rowExtra?: (record: Row) => ReactNode;
}

export function EmbeddedList({ resource, fixed, title, extra, rowExtra }: EmbeddedListProps) {
  const r = useDeclared(resource);
  const fields = useMemo(() => listFieldsOf(r).filter((f) => !(f.name in fixed)), [r, fixed]);
  const fmt = useFormatting(fields);
  const can = capabilitiesOf(r);
  const { data: mayCreate } = useCan({ resource, action: "create" });
  const { data: mayEdit } = useCan({ resource, action: "edit" });
  // A list the role may not read is not asked for (the server's 403 would end the session).
  const mayList = canAccess(resource, "list").can;
  const permanent = useMemo<CrudFilter[]>(() => Object.entries(fixed).map(([field, value]) => ({ field, operator: "eq", value })), [fixed]);
  const { tableProps, sorters } = useTable<Row>({
    resource,
    syncWithLocation: false,
    filters: { permanent },
    sorters: { initial: r.defaultSort ? [r.defaultSort] : [] },
    pagination: { pageSize: 10, mode: "server" },
    errorNotification: failedNotification(fmt.t, "loadFailed"),
    queryOptions: { enabled: mayList },
  });
  const [editing, setEditing] = useState<{ record?: Row } | null>(null);
  const columns = useMemo(() => {
    const cols = buildColumns(r, fields, sorters, fmt, { onEdit: mayEdit?.can ? (record) => setEditing({ record }) : undefined });
    if (!rowExtra) return cols;
    const actions = cols.find((c) => c.key === "__actions");
    const render = actions?.render;
    if (actions && render)
      actions.render = (v, record, i) => (
        <Space size={4}>
          {render(v, record, i) as ReactNode}
          {rowExtra(record)}
        </Space>
      );
    else cols.push({ key: "__extra", title: fmt.t("crud.table.actions"), render: (_: unknown, record: Row) => rowExtra(record) });
    return cols;
  }, [r, fields, sorters, fmt, rowExtra, mayEdit?.can]);
  if (!mayList) return null;
  return (
    <section aria-label={typeof title === "string" ? title : fmt.t(resourceLabelKey(r))} style={{ marginBottom: 24 }}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title ?? fmt.t(resourceLabelKey(r))}
        </Typography.Title>
        <Space wrap>
          {extra}
          {can.create && mayCreate?.can !== false ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {fmt.t("crud.actions.create")}
            </Button>
          ) : null}
        </Space>
      </Space>
      <Table<Row>
        {...tableProps}
        rowKey={(row) => String(row.id ?? JSON.stringify(row))}
        columns={columns}
        scroll={{ x: "max-content" }}
        size="small"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={fmt.t("common.empty")} /> }}
      />
      <RecordFormModal resource={resource} record={editing?.record} fixed={fixed} open={!!editing} onClose={() => setEditing(null)} />
    </section>
  );
}
