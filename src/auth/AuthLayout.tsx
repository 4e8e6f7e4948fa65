// The frame of the light pages (login, forgot-password, reset-password): product name and
// tagline, a centered card, the language switch. Plain elements and a few small antd components:
// these pages are the first screen and must stay light (no Refine, no layout, no table, no
// Typography, which brings tooltips and text areas along).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "./LanguageSwitch";

function BrandMark() {
  // A hard-hat-and-pin mark drawn inline (no image request).
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#1d4ed8" />
      <path d="M10 24a10 10 0 0 1 20 0z" fill="#fbbf24" />
      <rect x="8" y="24" width="24" height="3" rx="1.5" fill="#fbbf24" />
      <circle cx="20" cy="14" r="2" fill="#1d4ed8" />
    </svg>
  );
}

export function AuthLayout({ title, intro, children, fixedLanguage = false }: { title: string; intro?: string; children: ReactNode; fixedLanguage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      style={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        padding: "32px 16px",
        background: "linear-gradient(160deg, #eef2ff 0%, #f8fafc 45%, #fff7ed 100%)",
      }}
    >
      <main style={{ width: "100%", maxWidth: 400 }}>
        <header style={{ display: "flex", alignItems: "center", gap: 12, marginBottom: 24, justifyContent: "center" }}>
          <BrandMark />
          <div>
            <div style={{ fontSize: 22, fontWeight: 700, letterSpacing: 0.2, color: "#0f172a", lineHeight: 1.2 }}>{t("app.name")}</div>
            <div style={{ fontSize: 13, color: "#475569" }}>{t("app.tagline")}</div>
          </div>
        </header>
        <section
          style={{
            background: "#fff",
            borderRadius: 12,
            padding: "28px 28px 20px",
            boxShadow: "0 1px 2px rgba(15,23,42,0.06), 0 8px 24px rgba(15,23,42,0.08)",
            border: "1px solid #e2e8f0",
          }}
        >
          <h1 style={{ fontSize: 20, fontWeight: 600, color: "#0f172a", margin: `0 0 ${intro ? 4 : 20}px` }}>{title}</h1>
          {intro ? <p style={{ color: "#64748b", margin: "0 0 20px", lineHeight: 1.5 }}>{intro}</p> : null}
          {children}
        </section>
        <footer style={{ display: "flex", justifyContent: "space-between", alignItems: "center", marginTop: 16, color: "#64748b", fontSize: 12, gap: 12 }}>
          <span>{t("auth.rights")}</span>
          {/* Switching reloads the page: not where it would lose what is shown once (recovery codes). */}
          {fixedLanguage ? null : <LanguageSwitch />}
        </footer>
      </main>
    </div>
  );
}

/** The text a failed auth call shows: the server's message, the throttle's own text (by its key), else a fallback. */
export function authErrorText(t: (k: string) => string, info: { key?: string; message?: string }, fallbackKey: string): string {
  if (info.message) return info.message;
  if (info.key === "too_many_attempts") return t("auth.tooManyAttempts");
  return t(fallbackKey);
}
