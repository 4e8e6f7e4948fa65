// One side of project-to-checklist-k3 assigned to the other in one add-multiple call: several
// projects to a checklist (the checklist's page) or several checklists to a project (the
// project's safety tab), each required or optional; saved or refused, useModalSubmit says so; the
// pairs already assigned are stored once and said (src/crud/pairs.ts).
import type { ReactNode } from "react";
import { Button, Form, Modal, Switch } from "antd";
import { useSelect } from "@refinedev/antd";
import { useTranslation } from "react-i18next";
import { FormSelect } from "../../../../crud/fields/FormSelect";
import { pairsAdded } from "../../../../crud/pairs";
import { useModalSubmit } from "../../../../crud/useModalSubmit";
import { useNotify } from "../../../../crud/useNotify";
import { resourceByName } from "../../../../../declaration";
import { assignChecklists } from "./api/checklistCalls";

const ASSIGNED = resourceByName("project-to-checklist-k3");

interface Values {
  ids: number[];
  is_required: boolean;
}

export interface AssignLinksProps {
  /** The fixed side: the checklist's id or the project's. */
  fixed: { checklist_k3_id: number } | { project_id: number };
  /** What is picked: projects for a checklist, checklists for a project. */
  pick: "project" | "checklist-k3";
  icon: ReactNode;
  /** Translation keys: the button and title, the select's label, the switch's label. */
  labels: { action: string; picked: string; required: string };
  /** Said after saving, with how many were assigned now (when some were already: the caller is not asked). */
  onSaved: (count: number) => void;
}

export function AssignLinks({ fixed, pick, icon, labels, onSaved }: AssignLinksProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const options = useSelect({ resource: pick, optionLabel: "name", optionValue: "id", pagination: { mode: "off" } });
  const link = (id: number) => (pick === "project" ? { project_id: id } : { checklist_k3_id: id });
  const { open, setOpen, saving, form, submit } = useModalSubmit<Values>(
    ASSIGNED.name,
    (v) =>
      assignChecklists(v.ids.map((id) => ({ ...fixed, ...link(Number(id)), is_required: v.is_required }) as { project_id: number; checklist_k3_id: number; is_required: boolean })),
    (v, answer) => {
      const pairs = pairsAdded(answer);
      if (pairs.existing) notify.info(t("crud.pairs", { ...pairs }));
      else onSaved(v.ids.length);
    },
  );
  return (
    <>
      <Button icon={icon} onClick={() => setOpen(true)}>
        {t(labels.action)}
      </Button>
      <Modal
        open={open}
        title={t(labels.action)}
        okText={t("crud.actions.save")}
        cancelText={t("crud.actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={saving}
      >
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ is_required: true }}>
          <Form.Item name="ids" label={t(labels.picked)} rules={[{ required: true, message: t("common.required") }]}>
            <FormSelect mode="multiple" {...options.selectProps} optionFilterProp="label" aria-label={t(labels.picked)} />
          </Form.Item>
          <Form.Item name="is_required" label={t(labels.required)} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
