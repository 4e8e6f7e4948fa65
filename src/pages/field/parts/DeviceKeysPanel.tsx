// The worker's device keys for Traccar Client: make one (its secret shown once, with the QR
// code), see which exist (the first characters and when each was last used), revoke one (a
// lost phone stops at once). A key may name the zone of the local times its app sends
// (`time_zone`, docs/api.md "/osmand"); empty: UTC, as Traccar reads them (Traccar Client
// sends Unix times, which need none).
import { KeyOutlined } from "@ant-design/icons";
import { useInvalidate, useList } from "@refinedev/core";
import { Button, Card, Collapse, Flex, Input, List, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TimeZoneSelect } from "../../../crud/fields/timezone";
import { useNotify } from "../../../crud/useNotify";
import { formatDateTime } from "../../../lib/zonedTime";
import { quietConfirmIcon, quietExpandIcon } from "../../../lib/decorativeIcons";
import { addDeviceKey, revokeDeviceKey } from "../api/fieldCalls";
import { DeviceKeyModal } from "./DeviceKeyModal";
import { TraccarSteps } from "./TraccarSteps";

export function DeviceKeysPanel({ userId, zone, mayAdd = true }: { userId: number; zone: string; /** A new key may be made (not in a read-only session). */ mayAdd?: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [name, setName] = useState("");
  const [keyZone, setKeyZone] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const { result, query } = useList({
    resource: "device-key",
    filters: [{ field: "user_id", operator: "eq", value: userId }],
    sorters: [{ field: "created_at", order: "desc" }],
    pagination: { currentPage: 1, pageSize: 20 },
  });
  const invalidate = useInvalidate();
  const [creating, setCreating] = useState(false);
  const reread = () => invalidate({ resource: "device-key", invalidates: ["list"] });

  const add = async () => {
    setCreating(true);
    try {
      // Unnamed: the phone's name in the worker's language (the declaration's default is English).
      const data = await addDeviceKey(name.trim() || t("field.device.defaultName"), keyZone);
      setName("");
      setKeyZone(null);
      setShown(typeof data.key === "string" ? data.key : null);
      await reread();
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      setCreating(false);
    }
  };
  const revoke = async (id: unknown) => {
    try {
      await revokeDeviceKey(Number(id));
      notify.info(t("field.device.revoked"));
      await reread();
    } catch (e) {
      notify.failed("deleteFailed", e);
    }
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("field.device.title")}</h2>}>
      <Flex vertical gap={12}>
        <Typography.Text>{t("field.device.intro")}</Typography.Text>
        {mayAdd ? (
          // The fields side by side, tops level (the zone's help under its select); the button under them.
          <Flex vertical gap={12} align="start">
            <Flex gap={8} wrap align="start" style={{ alignSelf: "stretch" }}>
              <Flex vertical gap={4} style={{ flex: "1 1 160px" }}>
                <label htmlFor="field-device-name">{t("field.device.name")}</label>
                <Input id="field-device-name" size="large" value={name} onChange={(e) => setName(e.target.value)} maxLength={64} placeholder={t("field.device.namePlaceholder")} />
              </Flex>
              <Flex vertical gap={4} style={{ flex: "1 1 220px" }}>
                <label htmlFor="field-device-zone">{t("field.device.zone")}</label>
                <TimeZoneSelect
                  id="field-device-zone"
                  size="large"
                  t={t}
                  lang={i18n.language}
                  emptyMeans={t("field.device.zoneEmpty")}
                  value={keyZone}
                  onChange={(v) => setKeyZone(typeof v === "string" && v ? v : null)}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t("field.device.zoneHelp")}
                </Typography.Text>
              </Flex>
            </Flex>
            <Button type="primary" size="large" icon={<KeyOutlined aria-hidden />} onClick={add} loading={creating}>
              {t("field.device.create")}
            </Button>
          </Flex>
        ) : null}
        <List
          size="small"
          header={<h3 style={{ fontSize: 14, margin: 0 }}>{t("field.device.list")}</h3>}
          loading={query.isPending}
          dataSource={result.data ?? []}
          rowKey="id"
          locale={{ emptyText: <Typography.Text type="secondary">{t("field.device.none")}</Typography.Text> }}
          renderItem={(k) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="revoke"
                  icon={quietConfirmIcon}
                  title={t("field.device.revokeConfirm")}
                  okText={t("field.device.revoke")}
                  cancelText={t("crud.actions.cancel")}
                  onConfirm={() => revoke(k.id)}
                >
                  <Button danger size="small">
                    {t("field.device.revoke")}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={String(k.name ?? "-")}
                description={[
                  t("field.device.prefix", { prefix: String(k.key_prefix ?? "") }),
                  ...(typeof k.time_zone === "string" && k.time_zone ? [t("field.device.localTimesIn", { zone: k.time_zone })] : []),
                  k.last_used_at ? t("field.device.lastUsed", { time: formatDateTime(k.last_used_at, zone, i18n.language) }) : t("field.device.neverUsed"),
                ].join(" · ")}
              />
            </List.Item>
          )}
        />
        <Collapse size="small" expandIcon={quietExpandIcon} items={[{ key: "steps", label: t("field.device.howTo"), children: <TraccarSteps /> }]} />
      </Flex>
      <DeviceKeyModal deviceKey={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
