// CSV export of what the list shows under its current filters and order, with the column
// labels as headers and values formatted as on screen.
import { Button } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import { useExport, useNotification, type CrudFilter, type CrudSort, type HttpError } from "@refinedev/core";
import type { ResolvedField, ResolvedResource } from "../../declaration";
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
}

/** Rows of the export: one object per record, keyed by the translated column labels. */
export const exportRow = (fields: readonly ResolvedField[], fmt: Formatting) => (record: Record<string, unknown>) =>
  Object.fromEntries(fields.map((f) => [fmt.label(f), valueText(f, record, fmt)]));

export function ExportAction({ resource, fields, filters, sorters, fmt }: ExportActionProps) {
  const { open } = useNotification();
  const { triggerExport, isLoading } = useExport({
    resource: resource.name,
    filters,
    sorters,
    mapData: exportRow(fields, fmt),
    pageSize: 100,
    // A safety net: the export pages until the total is reached.
    maxItemCount: 10000,
    filename: `${fmt.t(resourceLabelKey(resource))}-${new Date().toISOString().slice(0, 10)}`,
    onError: (e: HttpError) => open?.(failedNotification(fmt.t, "exportFailed")(e)),
  });
  return (
    <Button icon={<ExportOutlined />} loading={isLoading} onClick={() => void triggerExport()}>
      {fmt.t("crud.actions.export")}
    </Button>
  );
}
