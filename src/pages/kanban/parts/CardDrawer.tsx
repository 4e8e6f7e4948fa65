// A card's fields in a drawer, with the generated form's field widgets: edit a card
// (kanban-card/update/{id}) or add one to a column (kanban-card/add, beyond the spec), through
// api/kanbanCalls.ts; saved or refused, the generated screens' notification says so (useNotify).
// The board and the position are the board's to set (a changed status puts the card at the
// bottom of its new column, as the server does).
import type { HttpError } from "@refinedev/core";
import { Button, Drawer, Form, Space } from "antd";
import { useEffect, useMemo, useState } from "react";
import { resourceByName } from "../../../../declaration";
import { FormField } from "../../../crud/fields/FormField";
import { toWire } from "../../../crud/formValues";
import { formFieldsOf } from "../../../crud/model";
import { useFormatting } from "../../../crud/useCrud";
import { useNotify } from "../../../crud/useNotify";
import { saveCard } from "../api/kanbanCalls";
import { useKanbanStore } from "../store/kanbanStore";

const CARD = resourceByName("kanban-card");
/** The board and the order are set by the board itself. */
const BOARD_OWNED = new Set(["kanban_board_id", "position"]);

type Values = Record<string, unknown>;

export function CardDrawer({ onSaved }: { onSaved: () => void }) {
  const drawer = useKanbanStore((s) => s.drawer);
  const close = useKanbanStore((s) => s.closeDrawer);
  const boardId = useKanbanStore((s) => s.boardId);
  const card = useKanbanStore((s) => (s.drawer.mode === "edit" ? s.cards.find((c) => c.id === (s.drawer as { cardId: number }).cardId) : undefined));
  const action = drawer.mode === "edit" ? "edit" : "create";
  const fields = useMemo(() => formFieldsOf(CARD, action).filter((f) => !BOARD_OWNED.has(f.name)), [action]);
  const fmt = useFormatting(fields);
  const [form] = Form.useForm<Values>();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (drawer.mode === "closed") return;
    form.resetFields();
    form.setFieldsValue((drawer.mode === "edit" ? (card ?? {}) : { status: drawer.status }) as never);
    // Only when the drawer opens on another card: a move of this card meanwhile keeps the edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawer, form]);

  const save = async (values: Values) => {
    const body = toWire(fields, values);
    if (drawer.mode === "closed" || (drawer.mode === "add" && boardId === null)) return;
    setSaving(true);
    try {
      await saveCard(drawer.mode === "edit" ? { id: drawer.cardId } : { boardId: boardId! }, body);
      notify.saved();
    } catch (e) {
      // Field errors from the server go next to their fields; the notification says the rest.
      notify.failed("saveFailed", e);
      const errors = (e as HttpError).errors ?? {};
      form.setFields(Object.entries(errors).map(([name, message]) => ({ name, errors: [String(Array.isArray(message) ? message[0] : message)] })));
      return;
    } finally {
      setSaving(false);
    }
    close();
    onSaved();
  };

  const title =
    drawer.mode === "edit"
      ? fmt.t("kanban.card.editTitle")
      : fmt.t("kanban.card.addTitle", { column: drawer.mode === "add" ? fmt.t(`enums.status.${drawer.status}`, { defaultValue: drawer.status }) : "" });
  return (
    <Drawer
      open={drawer.mode !== "closed" && (drawer.mode === "add" || !!card)}
      onClose={close}
      title={title}
      width={440}
      forceRender
      extra={
        <Space>
          <Button onClick={close}>{fmt.t("crud.actions.cancel")}</Button>
          <Button type="primary" onClick={() => form.submit()} loading={saving}>
            {fmt.t("crud.actions.save")}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        {fields.map((f) => (
          <FormField key={f.name} resource={CARD} field={f} action={action} fmt={fmt} multipart={false} recordId={drawer.mode === "edit" ? drawer.cardId : undefined} />
        ))}
      </Form>
    </Drawer>
  );
}
