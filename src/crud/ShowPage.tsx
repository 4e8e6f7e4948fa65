// The generated show page: the declaration's show fields, formatted as in the list, with edit
// and delete where the operations exist and access control allows. A bespoke show page may reuse
// it, add its own actions (`extraActions`) and its own part under the fields (`details`).
import { useMemo, type ReactNode } from "react";
import { Descriptions } from "antd";
import { useGo, useShow } from "@refinedev/core";
import { DeleteAction } from "./DeleteAction";
import { valueNode } from "./display/values";
import { capabilitiesOf, pageTitle, routeMetaOf, routesOf, showFieldsOf } from "./model";
import { failedNotification } from "./notifications";
import { PageFrame } from "./PageFrame";
import { EditButton, ListButton } from "./RouteButtons";
import { useDeclared, useFormatting } from "./useCrud";
import { useMayChange } from "./useOffered";

type Values = Record<string, unknown>;

export interface ShowPageProps {
  resource: string;
  /** A bespoke page's own actions on the record, before the generated ones; `reload` reads it again. */
  extraActions?: (record: Values, reload: () => void) => ReactNode;
  /** A bespoke page's own part under the fields (a panic's trail). */
  details?: (record: Values) => ReactNode;
}

export default function ShowPage({ resource, extraActions, details }: ShowPageProps) {
  const r = useDeclared(resource);
  const fields = useMemo(() => showFieldsOf(r), [r]);
  const fmt = useFormatting(fields);
  const can = capabilitiesOf(r);
  const { query, result } = useShow<Values>({ resource, errorNotification: failedNotification(fmt.t, "loadFailed") });
  const record = result as Values | undefined;
  const go = useGo();
  const listPath = routesOf(r).list;
  const id = record?.id as string | number | undefined;
  const meta = record ? routeMetaOf(r, record) : {};
  const guarded = { enabled: true, hideIfUnauthorized: true };
  const mayChange = useMayChange(r);
  const changeable = !record || mayChange(record);
  return (
    <PageFrame
      title={pageTitle(fmt.t, "show", r)}
      back
      panel
      loading={query.isLoading}
      actions={
        <>
          {record && extraActions ? extraActions(record, () => void query.refetch()) : null}
          {can.list ? <ListButton resource={resource}>{fmt.t("crud.actions.list")}</ListButton> : null}
          {can.edit && changeable && id !== undefined ? (
            <EditButton type="primary" resource={resource} recordItemId={id} meta={meta} accessControl={guarded}>
              {fmt.t("crud.actions.edit")}
            </EditButton>
          ) : null}
          {can.delete && changeable && record && id !== undefined ? (
            <DeleteAction resource={resource} id={id} record={record} onSuccess={() => listPath && go({ to: listPath })} />
          ) : null}
        </>
      }
    >
      {record ? (
        <Descriptions bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }} size="middle">
          {fields.map((f) => (
            <Descriptions.Item key={f.name} label={fmt.label(f)} span={["text", "json"].includes(f.type) ? 2 : 1}>
              {valueNode(r, f, record, fmt)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      {record && details ? details(record) : null}
    </PageFrame>
  );
}
