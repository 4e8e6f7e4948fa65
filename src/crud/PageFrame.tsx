// The frame of the generated screens: breadcrumbs (menu group / resource / action), a back
// arrow on forms and details, the title, the actions at its right, then the content, on the
// page (lists) or in a panel (forms, details) with an optional footer (Save).
// Plain elements with theme tokens and one Spin (which the table needs anyway): @refinedev/antd's
// List/Create/Edit/Show wrap the page in a Card (which brings Tabs and Skeleton) under
// @ant-design/pro-layout's PageHeader and Typography.
import { Fragment, type ReactNode } from "react";
import { Button, Spin, theme } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useBack, useBreadcrumb, useTranslate } from "@refinedev/core";
import { Link } from "react-router";

export interface PageFrameProps {
  title: string;
  /** Buttons at the title's right. */
  actions?: ReactNode;
  /** A back arrow before the title (forms and details). */
  back?: boolean;
  /** The content in a panel (forms and details); a list sits on the page. */
  panel?: boolean;
  /** Under the panel's content, aligned right (Save). */
  footer?: ReactNode;
  loading?: boolean;
  children: ReactNode;
}

function Breadcrumbs() {
  const { token } = theme.useToken();
  const t = useTranslate();
  const { breadcrumbs } = useBreadcrumb();
  if (breadcrumbs.length < 2) return null;
  return (
    <nav aria-label={t("crud.breadcrumb")} style={{ marginBottom: 12, fontSize: 14, color: token.colorTextDescription }}>
      <ol style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8, margin: 0, padding: 0, listStyle: "none" }}>
        {breadcrumbs.map(({ label, href, icon }, i) => {
          const last = i === breadcrumbs.length - 1;
          const text = (
            <span style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
              {icon}
              {label}
            </span>
          );
          return (
            <Fragment key={i}>
              {i > 0 ? <li aria-hidden>/</li> : null}
              <li aria-current={last ? "page" : undefined} style={last ? { color: token.colorText } : undefined}>
                {href && !last ? (
                  <Link to={href} style={{ color: "inherit" }}>
                    {text}
                  </Link>
                ) : (
                  text
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}

export function PageFrame({ title, actions, back, panel, footer, loading = false, children }: PageFrameProps) {
  const { token } = theme.useToken();
  const t = useTranslate();
  const goBack = useBack();
  const content = panel ? (
    <section style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}>
      <div style={{ padding: 24 }}>{children}</div>
      {footer ? (
        <footer style={{ display: "flex", justifyContent: "flex-end", gap: 8, padding: "12px 24px", borderTop: `1px solid ${token.colorBorderSecondary}` }}>{footer}</footer>
      ) : null}
    </section>
  ) : (
    children
  );
  return (
    <div>
      <Breadcrumbs />
      <header style={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 12, marginBottom: 16 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
          {back ? <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("crud.actions.back")} title={t("crud.actions.back")} onClick={goBack} /> : null}
          <h1 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4, color: token.colorTextHeading }}>{title}</h1>
        </div>
        {actions ? <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>{actions}</div> : null}
      </header>
      {/* Always inside the Spin: a wrapper that came and went would remount the form. */}
      <Spin spinning={loading}>{content}</Spin>
    </div>
  );
}
