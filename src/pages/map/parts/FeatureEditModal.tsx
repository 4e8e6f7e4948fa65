// Edits a GIS feature's attributes (feature update: the properties merge into the stored ones).
// One input per attribute, typed by the layer's attribute list (else by the value's own type).
import Alert from "antd/es/alert";
import Form from "antd/es/form";
import Input from "antd/es/input";
import InputNumber from "antd/es/input-number";
import Modal from "antd/es/modal";
import Switch from "antd/es/switch";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Properties, Scalar } from "../../../../declaration/map-service";
import { updateFeature, type LayerAttribute } from "../api/mapService";

export interface EditedFeature {
  layerId: number;
  featureId: string | number;
  properties: Record<string, unknown>;
}

const kindOf = (attr: LayerAttribute | undefined, value: unknown): "number" | "boolean" | "text" => {
  const t = attr?.type;
  if (t === "integer" || t === "number" || (!t && typeof value === "number")) return "number";
  if (t === "boolean" || (!t && typeof value === "boolean")) return "boolean";
  return "text";
};

export function FeatureEditModal({
  feature,
  attributes,
  onClose,
  onSaved,
}: {
  feature: EditedFeature;
  attributes: LayerAttribute[];
  onClose: () => void;
  onSaved: (properties: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const names = attributes.length ? attributes.map((a) => a.name) : Object.keys(feature.properties);
  const byName = new Map(attributes.map((a) => [a.name, a]));

  const save = async () => {
    // The inputs hold text, numbers and booleans: the flat values a feature takes.
    const values = (await form.validateFields()) as Record<string, Scalar | undefined>;
    // Empty text is sent as null (no value), not "".
    const properties: Properties = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" || v === undefined ? null : v]));
    setSaving(true);
    setError(null);
    try {
      const updated = await updateFeature(feature.layerId, feature.featureId, properties);
      onSaved(updated?.properties ?? { ...feature.properties, ...properties });
    } catch (e) {
      setError(t("mapGis.edit.failed", { message: (e as { message?: string })?.message ?? "" }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("mapGis.edit.title", { id: feature.featureId })}
      okText={t("mapGis.edit.save")}
      cancelText={t("mapGis.edit.cancel")}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
    >
      {error && <Alert type="error" message={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={feature.properties}>
        {names.map((name) => {
          const attr = byName.get(name);
          const kind = kindOf(attr, feature.properties[name]);
          return (
            <Form.Item key={name} name={name} label={attr?.label || name} valuePropName={kind === "boolean" ? "checked" : "value"}>
              {kind === "number" ? <InputNumber style={{ width: "100%" }} /> : kind === "boolean" ? <Switch /> : <Input />}
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
