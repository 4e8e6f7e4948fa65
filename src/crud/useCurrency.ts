// The company currency for money fields: the default of `currency/list` (the contract says money
// is in the company's currency), IDR without decimals until it is known.
import { useList } from "@refinedev/core";
import { DEFAULT_CURRENCY, type Currency } from "../lib/format";

/** The contract's currency list (docs/api.md "Requests": "Money is a number in the company's currency"). */
const CURRENCY_RESOURCE = "currency";

interface CurrencyRow {
  code?: string;
  decimal_places?: number;
  is_default?: boolean;
}

export function useCurrency(enabled: boolean): Currency {
  const { result } = useList<CurrencyRow>({
    resource: CURRENCY_RESOURCE,
    pagination: { mode: "off" },
    queryOptions: { enabled, staleTime: Infinity, gcTime: Infinity, retry: false },
    errorNotification: false,
  });
  const rows = result?.data ?? [];
  const row = rows.find((c) => c.is_default) ?? rows[0];
  return row?.code ? { code: row.code, decimals: row.decimal_places ?? 0 } : DEFAULT_CURRENCY;
}
