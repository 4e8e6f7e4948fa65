// The permits of the project's members (permit search with user_id 'in' the members), read-only here.
import { Empty, Table, Typography } from "antd";
import { useTable } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { buildColumns } from "../../../../crud/columns";
import { listFieldsOf, resourceOf } from "../../../../crud/model";
import { useFormatting } from "../../../../crud/useCrud";

type Row = Record<string, unknown>;
const PERMIT = resourceOf("permit");
const FIELDS = listFieldsOf(PERMIT);

export function PermitsOfMembers({ userIds }: { userIds: number[] }) {
  const t = useTranslate();
  const fmt = useFormatting(FIELDS);
  const { tableProps, sorters } = useTable<Row>({
    resource: "permit",
    syncWithLocation: false,
    filters: { permanent: [{ field: "user_id", operator: "in", value: userIds.length ? userIds : [0] }] },
    sorters: { initial: PERMIT.defaultSort ? [PERMIT.defaultSort] : [] },
    pagination: { pageSize: 10, mode: "server" },
  });
  const columns = buildColumns({ ...PERMIT, operations: [] }, FIELDS, sorters, fmt);
  return (
    <section aria-label={t("resources.permit")}>
      <Typography.Title level={5}>{t("resources.permit")}</Typography.Title>
      <Table<Row>
        {...tableProps}
        rowKey={(r) => String(r.id)}
        columns={columns}
        size="small"
        scroll={{ x: "max-content" }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} /> }}
      />
    </section>
  );
}
