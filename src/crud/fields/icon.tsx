// An antd icon name, picked from the whole icon set with a preview (loaded with this widget).
import { useEffect, useState } from "react";
import { Space } from "antd";
import { IconByName, isIconName } from "../icons/IconByName";
import { FormSelect } from "./FormSelect";

let names: Promise<string[]> | undefined;
const loadNames = () => (names ??= import("@ant-design/icons").then((m) => Object.keys(m).filter(isIconName).sort()));

export function IconSelect(props: { value?: string | null; onChange?: (v: unknown) => void; id?: string; placeholder?: string }) {
  const [options, setOptions] = useState<string[]>(props.value ? [props.value] : []);
  useEffect(() => {
    let alive = true;
    void loadNames().then((n) => alive && setOptions(n));
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
      options={options.map((n) => ({
        value: n,
        label: (
          <Space size={6}>
            <IconByName name={n} />
            {n}
          </Space>
        ),
      }))}
      filterOption={(input, o) =>
        String(o?.value ?? "")
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    />
  );
}
