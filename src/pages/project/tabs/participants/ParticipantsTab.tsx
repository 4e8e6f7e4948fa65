// Participants: the project's members (user-to-proyek), several staff added at once with their
// project role (add-multiple, through the tab's api/; saved or refused, useModalSubmit says so), and
// the planned participants (project-participants).
import { useMemo } from "react";
import { Button, DatePicker, Form, Modal } from "antd";
import { FormSelect } from "../../../../crud/fields/FormSelect";
import { UsergroupAddOutlined } from "@ant-design/icons";
import { useSelect } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { EmbeddedList } from "../../../../crud/EmbeddedList";
import { pairsAdded } from "../../../../crud/pairs";
import { useModalSubmit } from "../../../../crud/useModalSubmit";
import { useNotify } from "../../../../crud/useNotify";
import { resourceByName } from "../../../../../declaration";
import { addMembers } from "./api/memberCalls";

const MEMBERS = resourceByName("user-to-proyek");

interface AddValues {
  user_ids: number[];
  project_role_id?: number;
  join_date?: Dayjs;
}

function AddMembers({ projectId }: { projectId: string | number }) {
  const t = useTranslate();
  const notify = useNotify();
  const staff = useSelect({ resource: "human-resource", optionLabel: "name", optionValue: "id", pagination: { mode: "off" } });
  const roles = useSelect({ resource: "project-role", optionLabel: "name", optionValue: "id", pagination: { mode: "off" } });
  const { open, setOpen, saving, form, submit } = useModalSubmit<AddValues>(
    MEMBERS.name,
    (v) =>
      addMembers(
        v.user_ids.map((user_id) => ({
          user_id,
          project_id: Number(projectId),
          project_role_id: v.project_role_id ?? null,
          join_date: v.join_date ? v.join_date.format("YYYY-MM-DD") : null,
          is_active: true,
        })),
      ),
    // People on the project already are stored once, and said (src/crud/pairs.ts).
    (_v, answer) => {
      const pairs = pairsAdded(answer);
      if (pairs.existing) notify.info(t("crud.pairs", { ...pairs }));
      else notify.saved();
    },
  );
  return (
    <>
      <Button icon={<UsergroupAddOutlined />} onClick={() => setOpen(true)}>
        {t("project.participants.addMany")}
      </Button>
      <Modal
        open={open}
        title={t("project.participants.addMany")}
        okText={t("crud.actions.save")}
        cancelText={t("crud.actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={saving}
      >
        <Form<AddValues> form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="user_ids" label={t("project.participants.staff")} rules={[{ required: true, message: t("common.required") }]}>
            <FormSelect mode="multiple" {...staff.selectProps} optionFilterProp="label" aria-label={t("project.participants.staff")} />
          </Form.Item>
          <Form.Item name="project_role_id" label={t("fields.project_role_id")}>
            <FormSelect allowClear {...roles.selectProps} optionFilterProp="label" aria-label={t("fields.project_role_id")} />
          </Form.Item>
          <Form.Item name="join_date" label={t("fields.join_date")}>
            <DatePicker format="DD-MM-YYYY" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export default function ParticipantsTab({ projectId }: { projectId: string | number }) {
  const fixed = useMemo(() => ({ project_id: projectId }), [projectId]);
  return (
    <>
      <EmbeddedList resource="user-to-proyek" fixed={fixed} extra={<AddMembers projectId={projectId} />} />
      <EmbeddedList resource="project-participants" fixed={fixed} />
    </>
  );
}
