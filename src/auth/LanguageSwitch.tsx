// English / Bahasa Indonesia. Choosing one stores it and reloads the page (the spec's rule).
import Segmented from "antd/es/segmented";
import { useTranslation } from "react-i18next";
import { getLanguage, LANGUAGES, setLanguage, type Language } from "../i18n";

export function LanguageSwitch({ size = "small" }: { size?: "small" | "middle" }) {
  const { t } = useTranslation();
  return (
    <Segmented<Language>
      aria-label={t("auth.language")}
      size={size}
      value={getLanguage()}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`auth.languageNames.${l}`) }))}
      onChange={(l) => setLanguage(l)}
    />
  );
}
