// A new device key, shown this once: the server URL and the key as text to copy, and both (with
// the recommended settings) as a QR code Traccar Client's settings scan.
import { Flex, Modal, QRCode, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { SERVICE_URLS } from "../../../http/config";
import { apiOrigin, osmandUrl, traccarLink } from "../model/traccar";
import { TraccarSteps } from "./TraccarSteps";

export function DeviceKeyModal({ deviceKey, onClose }: { deviceKey: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const origin = apiOrigin(SERVICE_URLS.api, window.location.href);
  return (
    <Modal
      open={!!deviceKey}
      title={t("field.device.newTitle")}
      onOk={onClose}
      onCancel={onClose}
      okText={t("field.device.done")}
      cancelButtonProps={{ style: { display: "none" } }}
      // rc-dialog names its close button "Close" in any language.
      closable={{ "aria-label": t("common.close") }}
      destroyOnHidden
    >
      {deviceKey ? (
        <Flex vertical gap={12}>
          <Typography.Text strong>{t("field.device.onlyOnce")}</Typography.Text>
          <Flex justify="center">
            <QRCode value={traccarLink(origin, deviceKey)} size={220} bordered={false} aria-label={t("field.device.qr")} />
          </Flex>
          <div>
            <Typography.Text type="secondary">{t("field.device.serverUrl")}</Typography.Text>
            <Typography.Paragraph copyable code style={{ margin: 0, wordBreak: "break-all" }}>
              {osmandUrl(origin)}
            </Typography.Paragraph>
          </div>
          <div>
            <Typography.Text type="secondary">{t("field.device.key")}</Typography.Text>
            <Typography.Paragraph copyable code style={{ margin: 0, fontSize: 16, wordBreak: "break-all" }}>
              {deviceKey}
            </Typography.Paragraph>
          </div>
          <TraccarSteps />
        </Flex>
      ) : null}
    </Modal>
  );
}
