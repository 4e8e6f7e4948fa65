// Add or rename a board of the project (kanban-board add / update/{id}) with the generated form's
// field widgets; the project is the workspace's.
import { useCreate, useUpdate, type BaseRecord } from "@refinedev/core";
import { Form, Modal } from "antd";
import { useEffect, useMemo } from "react";
import { resourceByName } from "../../../../declaration";
import { FormField } from "../../../crud/fields/FormField";
import { defaultsOf, toWire } from "../../../crud/formValues";
import { formFieldsOf } from "../../../crud/model";
import { failedNotification, savedNotification } from "../../../crud/notifications";
import { useFormatting } from "../../../crud/useCrud";

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
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue((board ?? defaultsOf(fields)) as never);
  }, [open, board, fields, form]);

  const save = async (values: Record<string, unknown>) => {
    const body = toWire(fields, values);
    const notifications = { successNotification: savedNotification(fmt.t), errorNotification: failedNotification(fmt.t, "saveFailed") };
    try {
      const res = board
        ? await update({ resource: "kanban-board", id: board.id!, values: body, mutationMode: "pessimistic", ...notifications })
        : await create({ resource: "kanban-board", values: { ...body, project_id: projectId }, ...notifications });
      onSaved(Number(res.data.id ?? board?.id));
    } catch {
      // The notification provider showed why; the form stays open.
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
      confirmLoading={creating.isPending || updating.isPending}
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
