// Add or rename a board of the project (kanban-board add / update/{id}, through
// api/kanbanCalls.ts) with the generated form's field widgets; the project is the workspace's.
// Saved or refused, the generated screens' notification says so (useNotify).
import type { BaseRecord } from "@refinedev/core";
import { Form, Modal } from "antd";
import { useEffect, useMemo, useState } from "react";
import { resourceByName } from "../../../../declaration";
import { FormField } from "../../../crud/fields/FormField";
import { defaultsOf, toWire } from "../../../crud/formValues";
import { formFieldsOf } from "../../../crud/model";
import { useFormatting } from "../../../crud/useCrud";
import { useNotify } from "../../../crud/useNotify";
import { saveBoard } from "../api/kanbanCalls";

const BOARD = resourceByName("kanban-board");

export interface BoardFormModalProps {
  projectId: number;
  /** The board to edit; null: a new board. */
  board: BaseRecord | null;
  open: boolean;
  onClose: () => void;
  onSaved: (boardId: number) => void;
}

export function BoardFormModal({ projectId, board, open, onClose, onSaved }: BoardFormModalProps) {
  const action = board ? "edit" : "create";
  const fields = useMemo(() => formFieldsOf(BOARD, action).filter((f) => f.name !== "project_id"), [action]);
  const fmt = useFormatting(fields);
  const [form] = Form.useForm<Record<string, unknown>>();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue((board ?? defaultsOf(fields)) as never);
  }, [open, board, fields, form]);

  const save = async (values: Record<string, unknown>) => {
    const body = toWire(fields, values);
    setSaving(true);
    try {
      const id = await saveBoard(board ? { id: board.id! } : { projectId }, body);
      notify.saved();
      onSaved(id);
    } catch (e) {
      // Said as the generated screens say it; the form stays open.
      notify.failed("saveFailed", e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={fmt.t(board ? "kanban.board.editTitle" : "kanban.board.addTitle")}
      onCancel={onClose}
      closable={{ "aria-label": fmt.t("common.close") }}
      onOk={() => form.submit()}
      okText={fmt.t("crud.actions.save")}
      cancelText={fmt.t("crud.actions.cancel")}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        {fields.map((f) => (
          <FormField key={f.name} resource={BOARD} field={f} action={action} fmt={fmt} multipart={false} recordId={board?.id} />
        ))}
      </Form>
    </Modal>
  );
}
