// Buttons that open another screen of a resource (create, edit, details, back to the list):
// Refine's button hooks give the route, the label and the access decision (hidden when the
// role may not); the button sits in the router's link, as @refinedev/antd's do. Ours: the
// package's buttons live in its one-module index with its layout and page components.
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "antd";
import { BarsOutlined, EditOutlined, EyeOutlined, PlusSquareOutlined } from "@ant-design/icons";
import { useCreateButton, useEditButton, useListButton, useShowButton, type BaseKey } from "@refinedev/core";

type Navigation = ReturnType<typeof useEditButton>;

interface AccessControl {
  enabled?: boolean;
  hideIfUnauthorized?: boolean;
}

export type RouteButtonProps = Omit<ButtonProps, "children" | "href" | "icon"> & {
  resource: string;
  meta?: Record<string, unknown>;
  accessControl?: AccessControl;
  /** Icon only (row actions); give `title` and `aria-label` then. */
  hideText?: boolean;
  children?: ReactNode;
};

type RecordButtonProps = RouteButtonProps & { recordItemId: BaseKey };

function LinkedButton({ nav, icon, hideText, children, ...button }: Omit<RouteButtonProps, "resource" | "meta" | "accessControl"> & { nav: Navigation; icon: ReactNode }) {
  if (nav.hidden) return null;
  const { LinkComponent, to, label, title, disabled } = nav;
  const off = disabled || !!button.disabled;
  return (
    <LinkComponent to={to} onClick={(e: { preventDefault: () => void }) => off && e.preventDefault()}>
      <Button icon={icon} title={title || undefined} {...button} disabled={off}>
        {hideText ? null : (children ?? label)}
      </Button>
    </LinkComponent>
  );
}

export function CreateButton({ resource, meta, accessControl, ...rest }: RouteButtonProps) {
  const nav = useCreateButton({ resource, meta, accessControl });
  return <LinkedButton nav={nav} icon={<PlusSquareOutlined />} type="primary" {...rest} />;
}

export function EditButton({ resource, recordItemId, meta, accessControl, ...rest }: RecordButtonProps) {
  const nav = useEditButton({ resource, id: recordItemId, meta, accessControl });
  return <LinkedButton nav={nav} icon={<EditOutlined />} {...rest} />;
}

export function ShowButton({ resource, recordItemId, meta, accessControl, ...rest }: RecordButtonProps) {
  const nav = useShowButton({ resource, id: recordItemId, meta, accessControl });
  return <LinkedButton nav={nav} icon={<EyeOutlined />} {...rest} />;
}

export function ListButton({ resource, meta, accessControl, ...rest }: RouteButtonProps) {
  const nav = useListButton({ resource, meta, accessControl });
  return <LinkedButton nav={nav} icon={<BarsOutlined />} {...rest} />;
}
