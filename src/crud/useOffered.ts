// The ids a ref field may offer (declaration FieldDecl.offered: the target's operation answering
// them, e.g. role `assignable`), and, for a resource with `lockRows`, whether a record is within
// the actor's reach: its value offered. Read once and cached (Refine's useCustom through the
// declared operation); until it has come nothing is locked or filtered (the server decides).
import { useCustom, type BaseRecord, type HttpError } from "@refinedev/core";
import { useMemo } from "react";
import { findCustom, RESOURCE_BY_NAME, type ResolvedField, type ResolvedResource } from "../../declaration";

type Row = Record<string, unknown>;

/** The ids the field's target offers, or null (no such operation, or not read yet). */
export function useOfferedIds(field: Pick<ResolvedField, "ref" | "offered"> | undefined): Set<number> | null {
  const target = field?.ref ? RESOURCE_BY_NAME.get(field.ref) : undefined;
  const op = target && field?.offered ? findCustom(target, field.offered.operation) : undefined;
  const { query } = useCustom<BaseRecord, HttpError>({
    url: op?.path ?? "",
    method: "get",
    meta: { resource: target?.name, operation: op?.name, params: {} },
    queryOptions: { enabled: !!op, staleTime: 60_000 },
    errorNotification: false,
  });
  const data = query.data?.data as unknown;
  return useMemo(() => (Array.isArray(data) ? new Set(data.map(Number)) : null), [data]);
}

/** The resource's field whose offered values decide which records the actor may change, if any. */
export const lockingFieldOf = (r: ResolvedResource): ResolvedField | undefined => r.fields.find((f) => f.offered?.lockRows);

/** Whether the actor may change a record of `r`: always, unless its locking field's value is not offered. */
export function useMayChange(r: ResolvedResource): (record: Row) => boolean {
  const field = useMemo(() => lockingFieldOf(r), [r]);
  const offered = useOfferedIds(field);
  const name = field?.name ?? null;
  return useMemo(() => mayChangeBy(name, offered), [name, offered]);
}

const mayChangeBy =
  (name: string | null, offered: Set<number> | null) =>
  (record: Row): boolean => {
    if (!name || !offered) return true;
    const v = record[name];
    return v === null || v === undefined || offered.has(Number(v));
  };
