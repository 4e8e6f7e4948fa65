// Recovery codes, shown once: the list, Copy (the clipboard) and Download (a text file). Shared
// by the sign-in's set-up step and the Account security page.
import Button from "antd/es/button";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The text copied and downloaded: a line saying whose and when, then one code a line. */
export function recoveryCodesText(header: string, codes: readonly string[]): string {
  return `${header}\n\n${codes.join("\n")}\n`;
}

export function RecoveryCodes({ codes, account }: { codes: readonly string[]; account: string }) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = () => recoveryCodesText(t("auth.twoFactor.fileHeader", { account, date: new Date().toLocaleDateString(i18n.language) }), codes);
  const copy = async () => {
    await navigator.clipboard.writeText(text());
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "fieldworks-recovery-codes.txt";
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <ul
        aria-label={t("auth.twoFactor.codesLabel")}
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
          gap: "6px 16px",
          listStyle: "none",
          margin: "0 0 12px",
          padding: "12px 16px",
          background: "#f8fafc",
          border: "1px solid #e2e8f0",
          borderRadius: 8,
          fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
          fontSize: 15,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div style={{ display: "flex", gap: 8, marginBottom: 16 }}>
        <Button onClick={() => void copy().catch(() => setCopied(false))}>{copied ? t("auth.twoFactor.copied") : t("auth.twoFactor.copy")}</Button>
        <Button onClick={download}>{t("auth.twoFactor.download")}</Button>
      </div>
    </div>
  );
}
