// How to set up Traccar Client (Android, iOS) to send this worker's positions: the app's own
// setting names, in the user's language, and the values to give them.
import { useTranslation } from "react-i18next";
import { TRACCAR_SETTINGS } from "../model/traccar";

export function TraccarSteps() {
  const { t } = useTranslation();
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20, display: "flex", flexDirection: "column", gap: 4 }}>
      <li>{t("field.device.steps.install")}</li>
      <li>{t("field.device.steps.scan")}</li>
      <li>{t("field.device.steps.type")}</li>
      <li>{t("field.device.steps.settings", { interval: TRACCAR_SETTINGS.interval })}</li>
      <li>{t("field.device.steps.start")}</li>
    </ol>
  );
}
