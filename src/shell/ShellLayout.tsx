// The shell's frame: the sider with the menu, a sticky header, the page. Wide screens keep the
// sider fixed at the left (collapsible to icons); under antd's "lg" breakpoint (992 px) it is
// hidden and slides over the page from a menu button in the header.
// Built from antd's Layout and Menu alone: @refinedev/antd's ThemedLayout brings a Drawer, an
// Avatar, Typography and, through its one-module index, Card, Tabs and PageHeader into the
// shell's chunk (see npm run bench:bundle).
import { Layout, theme } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { PanicBanner } from "../live/PanicBanner";
import { ShellHeader } from "./ShellHeader";
import { ShellSider, SIDER_WIDTH, SIDER_COLLAPSED_WIDTH } from "./ShellSider";
import { SIDER_WIDTH_VAR } from "./siderWidth";
import { ViewAsBanner } from "./ViewAsBanner";
import { SubscriptionBanner } from "./SubscriptionBanner";

/** antd's "lg" breakpoint: below it the sider leaves the page to the content. */
const NARROW_QUERY = "(max-width: 991.98px)";
const startsNarrow = (): boolean => typeof window !== "undefined" && !!window.matchMedia?.(NARROW_QUERY).matches;

export function ShellLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [narrow, setNarrow] = useState(startsNarrow);
  const [collapsed, setCollapsed] = useState(false); // wide screens: icons only
  const [open, setOpen] = useState(false); // narrow screens: the sider over the page
  // The sider's width for what is fixed to the viewport (./siderWidth.ts).
  const siderWidth = narrow ? 0 : collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty(SIDER_WIDTH_VAR, `${siderWidth}px`);
    return () => {
      root.removeProperty(SIDER_WIDTH_VAR);
    };
  }, [siderWidth]);
  const onBreakpoint = (broken: boolean) => {
    setNarrow(broken);
    setOpen(false);
  };
  return (
    // The base text style antd's <App> gave (colour, size, line height, font), on the frame.
    <Layout style={{ minHeight: "100vh", color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }} hasSider>
      {narrow ? null : (
        // The fixed sider's place in the flow.
        <div aria-hidden style={{ flex: "none", width: siderWidth, transition: "width 0.2s" }} />
      )}
      <ShellSider narrow={narrow} collapsed={narrow ? !open : collapsed} onCollapse={setCollapsed} onBreakpoint={onBreakpoint} onNavigate={() => setOpen(false)} />
      {narrow && open ? <div aria-hidden onClick={() => setOpen(false)} style={{ position: "fixed", inset: 0, zIndex: 1000, background: token.colorBgMask }} /> : null}
      <Layout style={{ minWidth: 0 }}>
        <ViewAsBanner />
        <ShellHeader narrow={narrow} onOpenMenu={() => setOpen(true)} />
        <PanicBanner />
        <Layout.Content style={{ padding: narrow ? 16 : 24, minHeight: 360 }}>
          <SubscriptionBanner />
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
