// New version (empty, a copy of the current plan, or from a template: template-gantt get-tree)
// and saving the current version as a template; what fails is shown through useNotify.
import { CopyOutlined, PlusSquareOutlined } from "@ant-design/icons";
import { Button, DatePicker, Form, Input, Modal, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { createTemplate, createVersion, loadTemplates, savePlan, templateTree, type VersionRecord } from "../api/ganttCalls";
import { parsePredecessors } from "../model/activity";
import type { PlanEntry } from "../model/planPayload";
import { planToTemplate, templateToPlan } from "../model/templatePlan";
import { useGanttStore } from "../store/ganttStore";

interface NewVersionValues {
  name: string;
  source: "empty" | "copy" | number;
  start: Dayjs;
}

/** The current plan's entries under new keys (a copy for another version), links and parents kept. */
function copyOfPlan(): PlanEntry[] {
  const { saved } = useGanttStore.getState();
  const key = (id: number) => `c${id}`;
  const known = new Set(saved.map((a) => a.id));
  return saved.map((a) => ({
    key: key(a.id),
    parent: a.parent_id !== null && known.has(a.parent_id) ? key(a.parent_id) : null,
    name: a.name,
    type: a.type,
    start_date: a.start_date,
    end_date: a.end_date,
    work_duration: Number(a.work_duration ?? 0),
    progress: Number(a.progress ?? 0),
    code: a.code ?? null,
    predecessors: parsePredecessors(a.predecessors)
      .filter((p) => known.has(p.id))
      .map((p) => ({ ...p, id: key(p.id) })),
  }));
}

export function VersionActions({ projectId, versions, onCreated }: { projectId: number; versions: VersionRecord[]; onCreated(id: number): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const versionId = useGanttStore((s) => s.versionId);
  const [open, setOpen] = useState<"version" | "template" | null>(null);
  const [templates, setTemplates] = useState<Array<{ id: number; name: string }>>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<NewVersionValues>();
  const [tplForm] = Form.useForm<{ name: string }>();

  useEffect(() => {
    if (open === "version") loadTemplates().then(setTemplates, (e: unknown) => notify.failed("loadFailed", e));
  }, [open, notify]);

  const createNew = async (v: NewVersionValues) => {
    setBusy(true);
    let version: VersionRecord;
    const start = v.start.format("YYYY-MM-DD");
    try {
      version = await createVersion({
        project_id: projectId,
        name: v.name,
        version_no: versions.reduce((m, x) => Math.max(m, Number(x.version_no ?? 0)), 0) + 1,
        start_date: start,
      });
    } catch (e) {
      // The dialog stays open with what was typed.
      notify.failed("saveFailed", e);
      setBusy(false);
      return;
    }
    try {
      const activities = v.source === "empty" ? [] : v.source === "copy" ? copyOfPlan() : templateToPlan(await templateTree(v.source), start);
      if (activities.length) await savePlan(version.id, { revision: Number(version.revision ?? 0), activities });
      notify.saved();
    } catch (e) {
      // The version exists (empty): it is opened, and the failure said.
      notify.failed("saveFailed", e);
    } finally {
      setBusy(false);
    }
    setOpen(null);
    onCreated(version.id);
  };
  const saveTemplate = async (v: { name: string }) => {
    setBusy(true);
    try {
      await createTemplate({ name: v.name, structure: planToTemplate(useGanttStore.getState().saved) });
      notify.saved();
      setOpen(null);
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<PlusSquareOutlined aria-hidden />} onClick={() => setOpen("version")}>
        {t("gantt.versions.new")}
      </Button>
      <Button icon={<CopyOutlined aria-hidden />} disabled={versionId === null} onClick={() => setOpen("template")}>
        {t("gantt.versions.saveAsTemplate")}
      </Button>
      <Modal
        open={open === "version"}
        title={t("gantt.versions.new")}
        onCancel={() => setOpen(null)}
        closable={{ "aria-label": t("common.close") }}
        onOk={() => form.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ source: "empty", start: dayjs() }} onFinish={(v) => void createNew(v)}>
          <Form.Item name="name" label={t("gantt.versions.name")} rules={[{ required: true, message: t("gantt.versions.nameRequired") }]}>
            <Input />
          </Form.Item>
          <Form.Item name="source" label={t("gantt.versions.source")}>
            <Select
              options={[
                { value: "empty", label: t("gantt.versions.empty") },
                ...(versionId !== null ? [{ value: "copy", label: t("gantt.versions.copy") }] : []),
                ...templates.map((x) => ({ value: x.id, label: t("gantt.versions.fromTemplate", { name: x.name }) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="start" label={t("gantt.versions.start")} rules={[{ required: true, message: t("gantt.versions.nameRequired") }]}>
            <DatePicker />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={open === "template"}
        title={t("gantt.versions.saveAsTemplate")}
        onCancel={() => setOpen(null)}
        closable={{ "aria-label": t("common.close") }}
        onOk={() => tplForm.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={tplForm} layout="vertical" preserve={false} onFinish={(v) => void saveTemplate(v)}>
          <Form.Item name="name" label={t("gantt.versions.templateName")} rules={[{ required: true, message: t("gantt.versions.nameRequired") }]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
