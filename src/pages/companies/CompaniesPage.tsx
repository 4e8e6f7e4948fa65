// The platform owner's companies (#/company-management; declaration: company-management, page
// "companies"): per company its package, subscription end and state (active / ends soon / ended),
// storage used against the quota, its people, time zone and pay period; the generated filters plus
// one by subscription state (kept in the URL), each company's generated show and edit, and its
// administrators (given back by the platform owner when it has none).
// Bespoke because storage and people come from other operations than the company's records.
import { useMemo } from "react";
import { Empty, Select, Space, Table, Typography, type TableColumnType } from "antd";
import { useTable } from "@refinedev/antd";
import { buildColumns } from "../../crud/columns";
import { FilterBar, toFilters } from "../../crud/filters";
import { capabilitiesOf, filterFieldsOf, resourceLabelKey } from "../../crud/model";
import { failedNotification } from "../../crud/notifications";
import { PageFrame } from "../../crud/PageFrame";
import { listPagination } from "../../crud/pagination";
import { CreateButton } from "../../crud/RouteButtons";
import { useDeclared, useFormatting } from "../../crud/useCrud";
import { canOperate } from "../../providers/operationAccess";
import { useCompanyFigures } from "./hooks/useCompanyFigures";
import { SUBSCRIPTION_STATES, stateFilters, stateOfFilters, subscriptionStateOf, todayIn, type SubscriptionState } from "./model/subscription";
import { AdministratorsAction } from "./parts/AdministratorsAction";
import { StorageCell } from "./parts/StorageCell";
import { SubscriptionTag } from "./parts/SubscriptionTag";

type Row = Record<string, unknown>;

/** The company's own fields the screen shows, in this order (its figures go between). */
const SHOWN = ["name", "package_id", "status", "subscription_end", "time_zone", "pay_period"];

export default function CompaniesPage() {
  const r = useDeclared("company-management");
  const fields = useMemo(() => SHOWN.map((n) => r.fields.find((f) => f.name === n)!).filter(Boolean), [r]);
  const filterFields = useMemo(() => filterFieldsOf(r), [r]);
  const fmt = useFormatting(fields);
  const figures = useCompanyFigures();
  const { tableProps, tableQuery, searchFormProps, sorters, filters, setFilters } = useTable<Row>({
    resource: r.name,
    syncWithLocation: true,
    sorters: { initial: r.defaultSort ? [r.defaultSort] : [] },
    pagination: { pageSize: 20, mode: "server" },
    onSearch: (values) => toFilters(filterFields, values as Row),
    errorNotification: failedNotification(fmt.t, "loadFailed"),
  });
  const state = stateOfFilters(filters);
  const columns = useMemo<TableColumnType<Row>[]>(() => {
    const cols = buildColumns(r, fields, sorters, fmt);
    const idOf = (row: Row) => Number(row.id);
    const extra: TableColumnType<Row>[] = [
      {
        key: "__subscription",
        title: fmt.t("companies.subscription"),
        render: (_: unknown, row: Row) => <SubscriptionTag state={subscriptionStateOf(row.subscription_end, row.time_zone)} />,
      },
      { key: "__storage", title: fmt.t("companies.storage"), render: (_: unknown, row: Row) => <StorageCell storage={figures.storage.get(idOf(row))} lang={fmt.lang} /> },
      {
        key: "__users",
        title: fmt.t("companies.users"),
        align: "right",
        onCell: () => ({ style: { whiteSpace: "nowrap" } }),
        render: (_: unknown, row: Row) => {
          const u = figures.users.get(idOf(row));
          return u ? fmt.t("companies.usersValue", { active: u.active_user_count, all: u.user_count }) : "-";
        },
      },
      // The platform owner sees each company's administrators and gives one back when it has none.
      ...(canOperate(r.name, "people").can
        ? [
            {
              key: "__admins",
              title: fmt.t("companies.admins.administrator"),
              render: (_: unknown, row: Row) => <AdministratorsAction companyId={idOf(row)} companyName={String(row.name ?? "")} />,
            },
          ]
        : []),
    ];
    // After the subscription end; the row actions stay last.
    const at = cols.findIndex((c) => c.key === "subscription_end") + 1;
    return [...cols.slice(0, at), ...extra, ...cols.slice(at)];
  }, [r, fields, sorters, fmt, figures]);
  const pagination = listPagination(tableProps.pagination, tableQuery.data?.totalEstimated, fmt);
  const pickState = (v: SubscriptionState | undefined) => setFilters(stateFilters(v, todayIn(undefined)), "merge");
  return (
    <PageFrame
      title={fmt.t(resourceLabelKey(r))}
      actions={
        capabilitiesOf(r).create ? (
          <CreateButton resource={r.name} accessControl={{ enabled: true, hideIfUnauthorized: true }}>
            {fmt.t("crud.actions.create")}
          </CreateButton>
        ) : null
      }
    >
      <FilterBar resource={r} fields={filterFields} fmt={fmt} formProps={searchFormProps} />
      <Space style={{ marginBottom: 16 }}>
        <Typography.Text id="companies-state-filter">{fmt.t("companies.subscription")}</Typography.Text>
        <Select<SubscriptionState>
          aria-labelledby="companies-state-filter"
          allowClear
          placeholder={fmt.t("companies.anyState")}
          style={{ minWidth: 200 }}
          value={state}
          onChange={(v) => pickState(v ?? undefined)}
          options={SUBSCRIPTION_STATES.map((s) => ({ value: s, label: fmt.t(`companies.state.${s}`) }))}
        />
      </Space>
      <Table<Row>
        {...tableProps}
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
