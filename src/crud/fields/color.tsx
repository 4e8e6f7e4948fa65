// A colour as a "#rrggbb" string.
import { ColorPicker } from "antd";

export function ColorInput(props: { value?: string | null; onChange?: (v: unknown) => void; id?: string }) {
  return <ColorPicker showText allowClear format="hex" disabledAlpha {...props} value={props.value ?? undefined} />;
}

/** ColorPicker's onChange gives a Color object: the form keeps its hex (null when cleared). */
export const colorFromEvent = (color: { toHexString(): string; cleared?: boolean } | null | undefined): string | null => (color && !color.cleared ? color.toHexString() : null);
