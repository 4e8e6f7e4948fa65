// antd parts whose icons are decorative: antd's icons carry English aria-labels ("close-circle",
// "exclamation-circle", "collapsed"), read out on a screen in any language. Here they are hidden
// from screen readers (aria-hidden): the text beside them says it all, in the page's language.
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled, RightOutlined } from "@ant-design/icons";
import { Alert, type AlertProps } from "antd";
import type { ReactNode } from "react";

const ALERT_ICONS: Record<NonNullable<AlertProps["type"]>, ReactNode> = {
  success: <CheckCircleFilled aria-hidden />,
  info: <InfoCircleFilled aria-hidden />,
  warning: <ExclamationCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
};

/** An antd Alert whose type icon (showIcon) is hidden from screen readers. */
export function QuietAlert(props: AlertProps) {
  return <Alert {...props} icon={props.icon ?? (props.showIcon ? ALERT_ICONS[props.type ?? "info"] : undefined)} />;
}

/** A Popconfirm's warning icon, hidden from screen readers (its title says it). */
export const quietConfirmIcon = <ExclamationCircleFilled aria-hidden style={{ color: "#faad14" }} />;

/** A Collapse's expand arrow (antd's says "collapsed" / "expanded"), hidden: the header's button states it (aria-expanded). */
export const quietExpandIcon = ({ isActive }: { isActive?: boolean }) => <RightOutlined aria-hidden rotate={isActive ? 90 : 0} />;
