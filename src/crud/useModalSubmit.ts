// A modal form that saves through one call: open and saving state, and on success the resource's
// lists refreshed, the modal closed and the form emptied; on failure useNotify says why, the
// server's field errors show under the fields they name, and the form keeps its values.
import { useState } from "react";
import { Form, type FormInstance } from "antd";
import { useInvalidate, type HttpError } from "@refinedev/core";
import { useNotify } from "./useNotify";

export interface ModalSubmit<V> {
  open: boolean;
  setOpen(open: boolean): void;
  saving: boolean;
  form: FormInstance<V>;
  /** The form's onFinish: runs `save`, then `onSaved` with its answer (e.g. a toast with a count). */
  submit(values: V): Promise<void>;
}

export function useModalSubmit<V>(resource: string, save: (values: V) => Promise<unknown>, onSaved: (values: V, answer: unknown) => void): ModalSubmit<V> {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<V>();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const submit = async (values: V) => {
    setSaving(true);
    try {
      const answer = await save(values);
      onSaved(values, answer);
      await invalidate({ resource, invalidates: ["list"] });
      setOpen(false);
      form.resetFields();
    } catch (e) {
      notify.failed("saveFailed", e);
      const errors = (e as HttpError).errors ?? {};
      const shown = form.getFieldsValue(true) as Record<string, unknown>;
      form.setFields(
        Object.entries(errors)
          .filter(([name]) => Object.hasOwn(shown, name))
          .map(([name, msg]) => ({ name: name as never, errors: [Array.isArray(msg) ? msg.join(" ") : String(msg)] })),
      );
    } finally {
      setSaving(false);
    }
  };
  return { open, setOpen, saving, form, submit };
}
