// The frame of one dashboard card: its title linking to the screen behind it, its own loading
// state and its own error (a failed card does not take the others down). A plain bordered
// region with theme tokens, named by its title for assistive technology and tests.
import { Alert, Spin, theme } from "antd";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export interface CardProps {
  title: string;
  /** The screen behind the card (a list route). */
  to?: string;
  loading: boolean;
  error?: unknown;
  children?: ReactNode;
  testId: string;
}

export function DashboardCard({ title, to, loading, error, children, testId }: CardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        display: "flex",
        flexDirection: "column",
      }}
    >
      <header style={{ padding: "10px 16px", borderBottom: `1px solid ${token.colorBorderSecondary}`, display: "flex", justifyContent: "space-between", gap: 8 }}>
        <h2 id={id} style={{ fontSize: 15, fontWeight: 600, margin: 0, color: token.colorTextHeading }}>
          {title}
        </h2>
        {to ? <Link to={to}>{t("home.open")}</Link> : null}
      </header>
      <div style={{ padding: 16, flex: 1 }}>
        {error ? (
          <Alert type="error" showIcon message={t("home.loadFailed")} />
        ) : loading ? (
          <div role="status" aria-label={t("home.loading")} style={{ textAlign: "center", padding: 16 }}>
            <Spin />
          </div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/**
 * The figures' colours: the palette's darker steps, which keep the 3:1 contrast WCAG asks of
 * large text on the card's white (antd's colorSuccess and colorWarning do not: 2.3 and 1.9).
 */
export function useTones(): { good: string; warn: string; bad: string } {
  const { token } = theme.useToken();
  return { good: token.green8, warn: token.gold8, bad: token.red7 };
}

/** Figures as a description list: each a term and its value (tests read a term's value). */
export function Figures({ children }: { children: ReactNode }) {
  return <dl style={{ display: "flex", flexWrap: "wrap", gap: 16, margin: 0 }}>{children}</dl>;
}

/** One figure with its label (inside Figures). */
export function Figure({ label, value, tone, testId }: { label: string; value: number | string; tone?: string; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minWidth: 84 }} data-testid={testId}>
      <dt style={{ color: token.colorTextSecondary, fontSize: 13 }}>{label}</dt>
      <dd style={{ fontSize: 24, fontWeight: 600, margin: 0, color: tone ?? token.colorText }}>{value}</dd>
    </div>
  );
}
