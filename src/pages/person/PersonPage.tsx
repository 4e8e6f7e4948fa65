// A person of the staff register (#/human-resource/show/{id}; declaration: human-resource, page
// "person"): every declared field and the photo, whether they are active, disable / enable (their
// sessions and device keys end at once), whether they sign in with a second factor and its reset
// (parts/TwoFactorAction), and what they work on: their projects, shifts and activities
// (parts/PersonWork).
import { useMemo } from "react";
import { Descriptions, Space, Tag } from "antd";
import { useShow } from "@refinedev/core";
import { valueNode } from "../../crud/display/values";
import { pageTitle, showFieldsOf } from "../../crud/model";
import { failedNotification } from "../../crud/notifications";
import { PageFrame } from "../../crud/PageFrame";
import { EditButton, ListButton } from "../../crud/RouteButtons";
import { useDeclared, useFormatting } from "../../crud/useCrud";
import { useMayChange } from "../../crud/useOffered";
import { isActiveRecord } from "./model/person";
import { ActiveAction } from "./parts/ActiveAction";
import { PersonWork } from "./parts/PersonWork";
import { ReinviteAction } from "./parts/ReinviteAction";
import { TwoFactorAction, TwoFactorTag } from "./parts/TwoFactorAction";

type Values = Record<string, unknown>;

export default function PersonPage() {
  const r = useDeclared("human-resource");
  const fields = useMemo(() => showFieldsOf(r), [r]);
  const fmt = useFormatting(fields);
  const { query, result } = useShow<Values>({ resource: r.name, errorNotification: failedNotification(fmt.t, "loadFailed") });
  const record = result as Values | undefined;
  const id = record?.id as number | undefined;
  const active = record ? isActiveRecord(record) : true;
  // A person of a role beyond the viewer's rights is not theirs to change (the server refuses it).
  const mayChange = useMayChange(r);
  const changeable = !!record && mayChange(record);
  return (
    <PageFrame
      title={record ? String(record.name ?? pageTitle(fmt.t, "show", r)) : pageTitle(fmt.t, "show", r)}
      back
      panel
      loading={query.isLoading}
      actions={
        <>
          <ListButton resource={r.name}>{fmt.t("crud.actions.list")}</ListButton>
          {record && active && changeable ? <ReinviteAction id={Number(record.id)} email={String(record.email ?? "")} /> : null}
          {id !== undefined && changeable ? <TwoFactorAction id={Number(id)} name={String(record?.name ?? "")} /> : null}
          {record && changeable ? <ActiveAction record={record} /> : null}
          {id !== undefined && changeable ? (
            <EditButton type="primary" resource={r.name} recordItemId={id} accessControl={{ enabled: true, hideIfUnauthorized: true }}>
              {fmt.t("crud.actions.edit")}
            </EditButton>
          ) : null}
        </>
      }
    >
      {record ? (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Space size="small" wrap>
            <Tag color={active ? "green" : "red"} data-testid="person-status">
              {fmt.t(active ? "staff.active" : "staff.disabled")}
            </Tag>
            {id !== undefined ? <TwoFactorTag id={Number(id)} /> : null}
          </Space>
          <Descriptions bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }} size="middle">
            {fields.map((f) => (
              <Descriptions.Item key={f.name} label={fmt.label(f)} span={f.type === "text" || f.type === "image" ? 2 : 1}>
                {valueNode(r, f, record, fmt)}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {id !== undefined ? <PersonWork userId={Number(id)} /> : null}
        </Space>
      ) : null}
    </PageFrame>
  );
}
