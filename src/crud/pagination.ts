// The pager of a server-paged list (the generated list and the bespoke lists built like it):
// page sizes to choose from and "1-10 of 37", or "1-10 of about 120,000" when the server's count
// is an estimate (docs/api.md "estimated": a big result's count after a write).
import type { TablePaginationConfig } from "antd";
import { formatEstimate } from "../lib/format";
import type { Formatting } from "./useCrud";

/** `tableProps.pagination` of Refine's useTable with the total shown; `totalEstimated` from its tableQuery's data. */
export function listPagination(pagination: TablePaginationConfig | false | undefined, totalEstimated: unknown, fmt: Pick<Formatting, "t" | "lang">): TablePaginationConfig | false {
  if (!pagination) return false;
  const about = totalEstimated === true;
  return {
    ...pagination,
    showSizeChanger: true,
    showTotal: (total: number, [from, to]: [number, number]) =>
      about ? fmt.t("crud.table.rangeAbout", { from, to, total: formatEstimate(total, fmt.lang) }) : fmt.t("crud.table.range", { from, to, total }),
  };
}
