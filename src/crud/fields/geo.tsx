// A point as [lon, lat] (the contract's order): two number inputs.
import { InputNumber, Space } from "antd";

type Point = [number | null, number | null] | null;

export function GeoInput({ value, onChange, id, t }: { value?: Point; onChange?: (v: Point) => void; id?: string; t: (k: string) => string }) {
  const [lon, lat] = value ?? [null, null];
  const set = (next: [number | null, number | null]) => onChange?.(next[0] === null && next[1] === null ? null : next);
  return (
    <Space.Compact style={{ width: "100%" }} id={id}>
      <InputNumber<number>
        aria-label={t("crud.geo.lon")}
        placeholder={t("crud.geo.lon")}
        min={-180}
        max={180}
        step={0.000001}
        value={lon}
        onChange={(v) => set([v, lat])}
        style={{ width: "50%" }}
      />
      <InputNumber<number>
        aria-label={t("crud.geo.lat")}
        placeholder={t("crud.geo.lat")}
        min={-90}
        max={90}
        step={0.000001}
        value={lat}
        onChange={(v) => set([lon, v])}
        style={{ width: "50%" }}
      />
    </Space.Compact>
  );
}
