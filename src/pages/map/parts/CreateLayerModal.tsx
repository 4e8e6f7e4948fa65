// create-layer: a name, a title, a geometry type and, optionally, a GeoJSON file whose features
// the new layer starts with (attributes are inferred from their properties by the server).
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import Input from "antd/es/input";
import Modal from "antd/es/modal";
import Select from "antd/es/select";
import Upload from "antd/es/upload";
import { UploadOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseGeoJsonFile, readFileText } from "../model/geojsonFile";
import { createLayer, GEOMETRY_TYPES, type GeometryType, type MapLayer } from "../api/mapService";

interface Values {
  name: string;
  title?: string;
  geometry_type: GeometryType;
}

export function CreateLayerModal({ mapId, onClose, onCreated }: { mapId: number; onClose: () => void; onCreated: (layer: MapLayer) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [features, setFeatures] = useState<{ name: string; list: unknown[] } | null>(null);
  const [fileError, setFileError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const readFile = async (file: File) => {
    const parsed = parseGeoJsonFile(await readFileText(file).catch(() => ""));
    setFileError(!parsed);
    setFeatures(parsed ? { name: file.name, list: parsed.features } : null);
    if (parsed?.geometryType) form.setFieldValue("geometry_type", parsed.geometryType);
    // The file is read here, not uploaded by the Upload widget.
    return false;
  };

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      const created = await createLayer({
        map_id: mapId,
        name: v.name.trim(),
        ...(v.title?.trim() ? { title: v.title.trim() } : {}),
        geometry_type: v.geometry_type,
        ...(features ? { features: { type: "FeatureCollection", features: features.list } } : {}),
      });
      onCreated(created);
    } catch (e) {
      const err = e as { message?: string; errors?: Record<string, string> };
      // Field errors of the form's own fields go beside them; the rest (features.3.geometry) above.
      const own = Object.entries(err.errors ?? {}).filter(([k]) => ["name", "title", "geometry_type"].includes(k));
      form.setFields(own.map(([name, msg]) => ({ name: name as keyof Values, errors: [String(msg)] })));
      const rest = Object.entries(err.errors ?? {}).filter(([k]) => !["name", "title", "geometry_type"].includes(k));
      setError([err.message, ...rest.map(([k, m]) => `${k}: ${m}`)].filter(Boolean).join(" · "));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t("mapGis.create.title")} okText={t("mapGis.create.create")} cancelText={t("mapGis.edit.cancel")} onOk={save} onCancel={onClose} confirmLoading={saving}>
      {error && <Alert type="error" message={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ geometry_type: "Point" }}>
        <Form.Item
          name="name"
          label={t("mapGis.create.name")}
          extra={t("mapGis.create.nameHelp")}
          rules={[
            { required: true, message: t("mapGis.create.nameRequired") },
            { pattern: /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, message: t("mapGis.create.nameHelp") },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="title" label={t("mapGis.create.layerTitle")}>
          <Input />
        </Form.Item>
        <Form.Item name="geometry_type" label={t("mapGis.create.geometryType")} rules={[{ required: true }]}>
          <Select options={GEOMETRY_TYPES.map((g) => ({ value: g, label: t(`mapGis.geometry.${g}`) }))} />
        </Form.Item>
        <Form.Item
          label={t("mapGis.create.file")}
          extra={features ? t("mapGis.create.fileRead", { name: features.name, count: features.list.length }) : t("mapGis.create.fileHelp")}
        >
          <Upload accept=".geojson,.json,application/geo+json,application/json" maxCount={1} showUploadList={false} beforeUpload={readFile}>
            <Button icon={<UploadOutlined aria-hidden />}>{t("mapGis.create.chooseFile")}</Button>
          </Upload>
          {fileError && <Alert type="error" message={t("mapGis.create.fileBad")} style={{ marginTop: 8 }} />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
