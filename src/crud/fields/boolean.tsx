// A boolean as a switch (Form.Item valuePropName="checked").
import { Switch } from "antd";

export function BooleanSwitch(props: { checked?: boolean; onChange?: (v: boolean) => void; id?: string }) {
  return <Switch {...props} checked={!!props.checked} />;
}
