// The generated list: server-side paging, sorting and filters kept in the URL, columns from the
// declaration, row actions where the operations exist and access control allows, CSV export.
import { useMemo, type ReactNode } from "react";
import { Empty, Table } from "antd";
import { useTable } from "@refinedev/antd";
import { buildColumns } from "./columns";
import { ExportAction } from "./ExportAction";
import { FilterBar, toFilters } from "./filters";
import { capabilitiesOf, filterFieldsOf, listFieldsOf, resourceLabelKey } from "./model";
import { failedNotification } from "./notifications";
import { PageFrame } from "./PageFrame";
import { listPagination } from "./pagination";
import { CreateButton } from "./RouteButtons";
import { useDeclared, useFormatting } from "./useCrud";
import { useMayChange } from "./useOffered";

type Row = Record<string, unknown>;

export interface ListPageProps {
  resource: string;
  /** What stands where the Create button would (a bespoke page's own way to add records). */
  createAction?: ReactNode;
}

export default function ListPage({ resource, createAction }: ListPageProps) {
  const r = useDeclared(resource);
  const fields = useMemo(() => listFieldsOf(r), [r]);
  const filterFields = useMemo(() => filterFieldsOf(r), [r]);
  const fmt = useFormatting(fields);
  const can = capabilitiesOf(r);
  const { tableProps, tableQuery, searchFormProps, sorters, filters } = useTable<Row>({
    resource,
    syncWithLocation: true,
    sorters: { initial: r.defaultSort ? [r.defaultSort] : [] },
    pagination: { pageSize: 10, mode: "server" },
    onSearch: (values) => toFilters(filterFields, values as Row),
    errorNotification: failedNotification(fmt.t, "loadFailed"),
  });
  const mayChange = useMayChange(r);
  const columns = useMemo(() => buildColumns(r, fields, sorters, fmt, undefined, mayChange), [r, fields, sorters, fmt, mayChange]);
  const pagination = listPagination(tableProps.pagination, tableQuery.data?.totalEstimated, fmt);
  return (
    <PageFrame
      title={fmt.t(resourceLabelKey(r))}
      actions={
        <>
          <ExportAction resource={r} fields={fields} filters={filters} sorters={sorters} fmt={fmt} />
          {createAction !== undefined ? (
            createAction
          ) : can.create ? (
            <CreateButton resource={resource} accessControl={{ enabled: true, hideIfUnauthorized: true }}>
              {fmt.t("crud.actions.create")}
            </CreateButton>
          ) : null}
        </>
      }
    >
      {filterFields.length ? <FilterBar resource={r} fields={filterFields} fmt={fmt} formProps={searchFormProps} /> : null}
      <Table<Row>
        {...tableProps}
        pagination={pagination}
        rowKey={(row) => String(row.id ?? JSON.stringify(row))}
        columns={columns}
        scroll={{ x: "max-content" }}
        size="middle"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={fmt.t("common.empty")} /> }}
      />
    </PageFrame>
  );
}
