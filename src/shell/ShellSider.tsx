// The sider: the product's title and the menu. Fixed at the left on wide screens, with a trigger
// at its foot that folds it to icons; on narrow screens it is 0 wide until the header's menu
// button opens it over the page (the layout draws the mask).
import { Button, Layout, theme } from "antd";
import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "@refinedev/core";
import { ShellMenu } from "./ShellMenu";
import { ShellTitle } from "./ShellTitle";

export const SIDER_WIDTH = 224;
export const SIDER_COLLAPSED_WIDTH = 80;
const TITLE_HEIGHT = 64;
const TRIGGER_HEIGHT = 48;

export interface ShellSiderProps {
  narrow: boolean;
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  onBreakpoint: (narrow: boolean) => void;
  /** A menu link was followed (narrow screens close the sider). */
  onNavigate: () => void;
}

export function ShellSider({ narrow, collapsed, onCollapse, onBreakpoint, onNavigate }: ShellSiderProps) {
  const { token } = theme.useToken();
  const { translate: t } = useTranslation();
  const folded = collapsed && !narrow;
  return (
    <Layout.Sider
      theme="light"
      width={SIDER_WIDTH}
      collapsedWidth={narrow ? 0 : SIDER_COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      breakpoint="lg"
      onBreakpoint={onBreakpoint}
      // Only the trigger folds it; the breakpoint is the layout's business (onBreakpoint).
      onCollapse={(next, type) => type === "clickTrigger" && onCollapse(next)}
      trigger={
        narrow ? null : (
          <Button
            type="text"
            aria-label={t(collapsed ? "shell.expandMenu" : "shell.collapseMenu")}
            icon={collapsed ? <RightOutlined /> : <LeftOutlined />}
            style={{ width: "100%", height: TRIGGER_HEIGHT, borderRadius: 0, color: token.colorPrimary, background: token.colorBgElevated }}
          />
        )
      }
      style={{
        position: "fixed",
        insetBlock: 0,
        insetInlineStart: 0,
        zIndex: narrow ? 1001 : 999,
        height: "100vh",
        overflow: "hidden",
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: narrow && !collapsed ? token.boxShadowSecondary : undefined,
      }}
    >
      <div
        style={{
          height: TITLE_HEIGHT,
          display: "flex",
          alignItems: "center",
          justifyContent: folded ? "center" : "flex-start",
          padding: folded ? 0 : "0 20px",
        }}
      >
        <ShellTitle collapsed={folded} onClick={onNavigate} />
      </div>
      <ShellMenu
        // Folded for antd whenever the sider is (0 wide on narrow screens too): its groups would
        // otherwise open as popups beside an invisible sider.
        folded={collapsed}
        onNavigate={onNavigate}
        // The sider already keeps the trigger's height free below its children.
        style={{ height: `calc(100% - ${TITLE_HEIGHT}px)`, overflowY: "auto", overflowX: "hidden" }}
      />
    </Layout.Sider>
  );
}
