// English / Bahasa Indonesia. Choosing one stores it and reloads the page (the spec's rule).
// Plain buttons styled as a segmented control: the light pages show it, so it brings no library.
// Compact (narrow headers) shows the codes, with the names as accessible names and tooltips.
import { useTranslation } from "react-i18next";
import { getLanguage, LANGUAGES, setLanguage } from "../i18n";

export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <div role="radiogroup" aria-label={t("auth.language")} style={{ display: "inline-flex", flex: "none", padding: 2, borderRadius: 6, background: "rgba(15,23,42,0.06)", gap: 2 }}>
      {LANGUAGES.map((l) => {
        const active = l === current;
        const name = t(`auth.languageNames.${l}`);
        return (
          <button
            key={l}
            type="button"
            role="radio"
            aria-checked={active}
            aria-label={compact ? name : undefined}
            title={compact ? name : undefined}
            onClick={() => {
              if (!active) setLanguage(l);
            }}
            style={{
              border: 0,
              borderRadius: 4,
              padding: "2px 10px",
              fontSize: 13,
              lineHeight: "22px",
              cursor: active ? "default" : "pointer",
              background: active ? "#fff" : "transparent",
              color: active ? "#0f172a" : "#475569",
              boxShadow: active ? "0 1px 2px rgba(15,23,42,0.12)" : "none",
              fontFamily: "inherit",
              whiteSpace: "nowrap",
            }}
          >
            {compact ? l.toUpperCase() : name}
          </button>
        );
      })}
    </div>
  );
}
