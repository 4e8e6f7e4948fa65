// Integers, decimals, money (thousands separators, currency prefix), percent (0–100 %), and
// numbers with a unit (a duration "6 h 30 min", typed as "390", "6 h 30" or "6j 30mnt"; days).
import { InputNumber } from "antd";
import { useTranslation } from "react-i18next";
import type { ResolvedField } from "../../../declaration";
import { parseUnitText, unitText } from "../../lib/duration";
import { currencySymbol, numberSeparators, type Currency } from "../../lib/format";

interface Props {
  field: ResolvedField;
  lang: string;
  currency: Currency;
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
}

/** Formatter/parser pair that groups thousands with the language's separators. */
function grouping(lang: string) {
  const { group, decimal } = numberSeparators(lang);
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    formatter: (v: string | number | undefined) => {
      if (v === undefined || v === "") return "";
      const [int, frac] = String(v).split(".");
      const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
      return frac !== undefined ? `${grouped}${decimal}${frac}` : grouped;
    },
    parser: (s: string | undefined) =>
      (s ?? "")
        .replace(new RegExp(esc(group), "g"), "")
        .replace(decimal, ".")
        .replace(/[^\d.-]/g, ""),
  };
}

export function NumberInput({ field, lang, currency, ...props }: Props) {
  const { t } = useTranslation();
  const common = { min: field.min, max: field.max, style: { width: "100%" }, ...props };
  const unit = field.unit;
  if (unit)
    return (
      <InputNumber<number>
        {...common}
        precision={field.type === "integer" ? 0 : undefined}
        // While typing, the text stays as typed; otherwise the value reads with its unit.
        formatter={(v, info) => (info.userTyping ? info.input : v === undefined ? "" : (unitText(v, unit, t) ?? ""))}
        parser={(s) => {
          const n = parseUnitText(s, unit);
          return (n === null ? "" : n) as unknown as number;
        }}
      />
    );
  switch (field.type) {
    case "money": {
      const { formatter, parser } = grouping(lang);
      return (
        <InputNumber<number>
          {...common}
          prefix={currencySymbol(lang, currency)}
          precision={currency.decimals}
          formatter={formatter}
          parser={(s) => parser(s) as unknown as number}
        />
      );
    }
    case "percent":
      return <InputNumber<number> {...common} min={field.min ?? 0} max={field.max ?? 100} suffix="%" />;
    case "integer":
      return <InputNumber<number> {...common} precision={0} />;
    default: {
      const { formatter, parser } = grouping(lang);
      return <InputNumber<number> {...common} formatter={formatter} parser={(s) => parser(s) as unknown as number} />;
    }
  }
}
