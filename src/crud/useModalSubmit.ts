// A modal form that saves through one call: open and saving state, and on success the resource's
// lists refreshed, the modal closed and the form emptied; on failure useNotify says why and the
// form keeps its values for another try.
import { useState } from "react";
import { Form, type FormInstance } from "antd";
import { useInvalidate } from "@refinedev/core";
import { useNotify } from "./useNotify";

export interface ModalSubmit<V> {
  open: boolean;
  setOpen(open: boolean): void;
  saving: boolean;
  form: FormInstance<V>;
  /** The form's onFinish: runs `save`, then `onSaved` (e.g. a toast with a count). */
  submit(values: V): Promise<void>;
}

export function useModalSubmit<V>(resource: string, save: (values: V) => Promise<unknown>, onSaved: (values: V) => void): ModalSubmit<V> {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<V>();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const submit = async (values: V) => {
    setSaving(true);
    try {
      await save(values);
      onSaved(values);
      await invalidate({ resource, invalidates: ["list"] });
      setOpen(false);
      form.resetFields();
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      setSaving(false);
    }
  };
  return { open, setOpen, saving, form, submit };
}
