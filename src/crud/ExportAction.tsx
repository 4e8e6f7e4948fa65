// CSV export of what the list shows under its current filters and order, with the column
// labels as headers and values formatted as on screen (times in each row's site's zone, with its
// abbreviation where it is not the browser's): the data provider's getList, page after
// page (100 rows each) until the total (at most 10000 rows), then one file.
import { useState } from "react";
import { Button } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import { useDataProvider, useMeta, useNotification, useResourceParams, type CrudFilter, type CrudSort, type HttpError } from "@refinedev/core";
import type { ResolvedField, ResolvedResource } from "../../declaration";
import { downloadCsv, toCsv } from "./csv";
import { valueText } from "./display/values";
import { resourceLabelKey } from "./model";
import { failedNotification } from "./notifications";
import type { Formatting } from "./useCrud";

export interface ExportActionProps {
  resource: ResolvedResource;
  fields: readonly ResolvedField[];
  filters: CrudFilter[];
  sorters: CrudSort[];
  fmt: Formatting;
  /** A row of the file, when a bespoke page exports more than the fields (default: exportRow). */
  row?: (record: Record<string, unknown>) => Record<string, string>;
}

const PAGE_SIZE = 100;
/** A safety net: the export pages until the total is reached. */
const MAX_ROWS = 10000;

/** Rows of the export: one object per record, keyed by the translated column labels. */
export const exportRow = (resource: ResolvedResource, fields: readonly ResolvedField[], fmt: Formatting) => (record: Record<string, unknown>) =>
  Object.fromEntries(fields.map((f) => [fmt.label(f), valueText(resource, f, record, fmt)]));

export function ExportAction({ resource, fields, filters, sorters, fmt, row }: ExportActionProps) {
  const { open } = useNotification();
  const dataProvider = useDataProvider();
  const getMeta = useMeta();
  const { resource: registered } = useResourceParams({ resource: resource.name });
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { getList } = dataProvider();
      const meta = getMeta({ resource: registered });
      const records: Record<string, unknown>[] = [];
      for (let currentPage = 1; records.length < MAX_ROWS; currentPage++) {
        const { data, total } = await getList<Record<string, unknown>>({
          resource: resource.name,
          filters,
          sorters,
          pagination: { currentPage, pageSize: PAGE_SIZE, mode: "server" },
          meta,
        });
        records.push(...data);
        if (data.length === 0 || records.length >= total) break;
      }
      const csv = toCsv(records.slice(0, MAX_ROWS).map(row ?? exportRow(resource, fields, fmt)));
      if (csv) downloadCsv(`${fmt.t(resourceLabelKey(resource))}-${new Date().toISOString().slice(0, 10)}`, csv);
    } catch (e) {
      open?.(failedNotification(fmt.t, "exportFailed")(e as HttpError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()}>
      {fmt.t("crud.actions.export")}
    </Button>
  );
}
