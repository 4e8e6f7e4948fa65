// An antd icon name, picked from the whole icon set with a preview (loaded with this widget);
// each icon is offered by its name in the user's language (icons/iconNames.ts), searchable by it
// or by the icon's own name.
import { useEffect, useState } from "react";
import { Space } from "antd";
import { IconByName, isIconName } from "../icons/IconByName";
import { iconLabel, loadIconNames } from "../icons/iconNames";
import { FormSelect } from "./FormSelect";

let names: Promise<string[]> | undefined;
const loadNames = () => (names ??= import("@ant-design/icons").then((m) => Object.keys(m).filter(isIconName).sort()));

export function IconSelect(props: { value?: string | null; onChange?: (v: unknown) => void; id?: string; placeholder?: string }) {
  const [options, setOptions] = useState<Array<{ name: string; label: string }>>(props.value ? [{ name: props.value, label: props.value }] : []);
  useEffect(() => {
    let alive = true;
    void Promise.all([loadNames(), loadIconNames()]).then(([n]) => alive && setOptions(n.map((name) => ({ name, label: iconLabel(name) }))));
    return () => {
      alive = false;
    };
  }, []);
  return (
    <FormSelect
      allowClear
      showSearch
      virtual
      {...props}
      value={props.value ?? undefined}
      options={options.map(({ name, label }) => ({
        value: name,
        title: label,
        text: label,
        label: (
          <Space size={6}>
            <IconByName name={name} />
            {label}
          </Space>
        ),
      }))}
      filterOption={(input, o) => {
        const q = input.toLowerCase();
        return (
          String(o?.value ?? "")
            .toLowerCase()
            .includes(q) ||
          String((o as { text?: string } | undefined)?.text ?? "")
            .toLowerCase()
            .includes(q)
        );
      }}
    />
  );
}
