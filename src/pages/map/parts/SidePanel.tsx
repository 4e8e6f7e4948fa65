// A side panel: docked beside the map on a wide screen, a drawer over it on a phone.
import Drawer from "antd/es/drawer";
import type { ReactNode } from "react";
import { useIsPhone } from "../../../lib/useIsPhone";

/** A docked panel's width: the map's view keeps its points and routes clear of it. */
export const PANEL_WIDTH = 320;

export function SidePanel({ side, open, title, onClose, children }: { side: "left" | "right"; open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const phone = useIsPhone();
  if (phone)
    return (
      <Drawer placement={side} open={open} title={title} onClose={onClose} width="85%">
        {children}
      </Drawer>
    );
  if (!open) return null;
  return (
    <aside
      aria-label={title}
      style={{
        position: "absolute",
        top: 0,
        bottom: 0,
        [side]: 0,
        width: PANEL_WIDTH,
        boxSizing: "border-box",
        overflow: "auto",
        background: "#fff",
        boxShadow: "0 0 8px rgba(0,0,0,.2)",
        padding: 16,
        zIndex: 2,
      }}
    >
      {children}
    </aside>
  );
}
