// antd's Select for form fields, with `aria-required` where ARIA allows it. antd 5's Form.Item
// marks a required control with `aria-required`; Select writes it on its combobox input and on
// its root <div> too, where it is not allowed (axe: aria-allowed-attr; ant-design#46030, open in
// antd 5). Select has no prop for its input's attributes, so the attribute is kept from Select
// and set on the input here.
import { useCallback } from "react";
import { Select } from "antd";
import type { RefSelectProps, SelectProps } from "antd";

export function FormSelect({ "aria-required": ariaRequired, ...props }: SelectProps) {
  const required = ariaRequired === true || ariaRequired === "true";
  const markInput = useCallback(
    (select: RefSelectProps | null) => {
      const input = select?.nativeElement?.querySelector('input[role="combobox"]');
      if (required) input?.setAttribute("aria-required", "true");
      else input?.removeAttribute("aria-required");
    },
    [required],
  );
  return <Select {...props} ref={markInput} />;
}
