// The audit log (#/audit-log; declaration: audit-log, page "audit"): who changed what, when and
// from where, newest first, filtered by person, kind, record type and date (kept in the URL),
// each entry's before → after in words in the user's language, and a CSV export of what the
// filters show with the same words. Bespoke because the changes are read through the entry's own
// resource (its field labels and value formats), which a generated list does not know.
import { useMemo } from "react";
import { Empty, Table, type TableColumnType } from "antd";
import { useTable } from "@refinedev/antd";
import { buildColumns } from "../../crud/columns";
import { ExportAction, exportRow } from "../../crud/ExportAction";
import { FilterBar, toFilters } from "../../crud/filters";
import { filterFieldsOf, resourceLabelKey } from "../../crud/model";
import { failedNotification } from "../../crud/notifications";
import { PageFrame } from "../../crud/PageFrame";
import { listPagination } from "../../crud/pagination";
import { useDeclared, useFormatting } from "../../crud/useCrud";
import { changesOf, changesText } from "./model/changes";
import { auditColumnsOf, withActorName } from "./model/columns";
import { ChangesCell } from "./parts/ChangesCell";

type Row = Record<string, unknown>;

export default function AuditPage() {
  const r = useDeclared("audit-log");
  const fields = useMemo(() => auditColumnsOf(r), [r]);
  const filterFields = useMemo(() => filterFieldsOf(r), [r]);
  const fmt = useFormatting(fields);
  const { tableProps, tableQuery, searchFormProps, sorters, filters } = useTable<Row>({
    resource: r.name,
    syncWithLocation: true,
    sorters: { initial: r.defaultSort ? [r.defaultSort] : [] },
    pagination: { pageSize: 20, mode: "server" },
    onSearch: (values) => toFilters(filterFields, values as Row),
    errorNotification: failedNotification(fmt.t, "loadFailed"),
  });
  const columns = useMemo<TableColumnType<Row>[]>(() => {
    const cols = buildColumns(r, fields, sorters, fmt);
    const changes: TableColumnType<Row> = { key: "changes", title: fmt.t("audit.changes"), render: (_: unknown, row: Row) => <ChangesCell changes={changesOf(row, fmt)} /> };
    // Before the row actions, which stay last.
    const actions = cols.findIndex((c) => c.key === "__actions");
    return actions < 0 ? [...cols, changes] : [...cols.slice(0, actions), changes, ...cols.slice(actions)];
  }, [r, fields, sorters, fmt]);
  const csvRow = useMemo(() => {
    const base = exportRow(r, fields, fmt);
    return (record: Row) => ({ ...base(withActorName(record)), [fmt.t("audit.changes")]: changesText(changesOf(record, fmt)) });
  }, [r, fields, fmt]);
  const dataSource = useMemo(() => tableProps.dataSource?.map(withActorName), [tableProps.dataSource]);
  const pagination = listPagination(tableProps.pagination, tableQuery.data?.totalEstimated, fmt);
  return (
    <PageFrame title={fmt.t(resourceLabelKey(r))} actions={<ExportAction resource={r} fields={fields} filters={filters} sorters={sorters} fmt={fmt} row={csvRow} />}>
      <FilterBar resource={r} fields={filterFields} fmt={fmt} formProps={searchFormProps} />
      <Table<Row>
        {...tableProps}
        dataSource={dataSource}
        pagination={pagination}
        rowKey={(row) => String(row.id)}
        columns={columns}
        scroll={{ x: "max-content" }}
        size="middle"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={fmt.t("common.empty")} /> }}
      />
    </PageFrame>
  );
}
