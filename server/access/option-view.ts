// The option view: a role that may use resource R may read the *options* of every resource R
// refers to: each record's id and label, nothing else. Without it a field worker's Issues page
// could not fill its Project select (the worker holds no Projects menu), the server would answer
// 403 and the web app's error catalogue would sign the worker out (docs/api.md "Access rules").
import { API_RESOURCES, LEGACY_RESOURCES, RESOURCE_BY_NAME, refLabelOf, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { Answer } from "../http/envelope";
import { forbidden } from "../http/errors";
import type { Db } from "../db/connection";
import type { Actor } from "./actor";
import { menuGrant } from "./permissions";

interface Referrers {
  /** Menu aliases of the resources holding a ref to the target ("authenticated": anyone). */
  aliases: Set<string>;
  /** The target's fields those refs show (its label field included). */
  labels: Set<string>;
}

const OPTION_KINDS = new Set<ResolvedOperation["kind"]>(["search", "list", "listSelect", "one"]);

const byName = RESOURCE_BY_NAME as Map<string, ResolvedResource>;

/** target name → who refers to it, from the declaration once. */
const REFERRERS: Map<string, Referrers> = (() => {
  const out = new Map<string, Referrers>();
  for (const r of [...API_RESOURCES, ...LEGACY_RESOURCES]) {
    for (const f of r.fields) {
      if (f.type !== "ref" || !f.ref || f.ref === r.name) continue;
      const target = byName.get(f.ref);
      if (!target) continue;
      const entry = out.get(f.ref) ?? { aliases: new Set<string>(), labels: new Set<string>([target.labelField]) };
      entry.aliases.add(r.access);
      entry.labels.add(refLabelOf(f, byName));
      out.set(f.ref, entry);
    }
  }
  return out;
})();

export interface OptionView {
  /** 403 when the request filters or orders by a field the option view does not show. */
  checkRequest(body: unknown, query: unknown): void;
  /** The handler's answer reduced to the option fields. */
  project(result: unknown): unknown;
}

/** The option view of `target` for this actor, or null when no resource it may use refers to it. */
export async function optionViewOf(db: Db, actor: Actor, target: ResolvedResource, op: ResolvedOperation): Promise<OptionView | null> {
  for (const alias of optionMenus(target, op)) if (alias === "authenticated" || (await menuGrant(db, actor, alias))) return makeView(target, op);
  return null;
}

/** The menus (aliases; "authenticated": anyone) whose holders may read `op` of `target` as an option view: none when `op` is no read of options. */
export const optionMenus = (target: ResolvedResource, op: ResolvedOperation): string[] => (OPTION_KINDS.has(op.kind) ? [...(REFERRERS.get(target.name)?.aliases ?? [])] : []);

/** The option view of `target`'s `op` (for a holder of one of its optionMenus). */
export function makeView(target: ResolvedResource, op: ResolvedOperation): OptionView {
  const labels = REFERRERS.get(target.name)?.labels ?? new Set<string>([target.labelField]);
  // Filters may narrow by id, a shown label or a ref (a cascading select: activities of a project).
  const filterable = new Set<string>(["id", ...labels, ...target.fields.filter((f) => f.type === "ref").map((f) => f.name)]);
  const shown = ["id", ...[...labels].flatMap((l) => (target.fields.find((f) => f.name === l)?.type === "ref" ? [l, `${l}_label`] : [l]))];
  const pick = (rec: unknown) => {
    if (!rec || typeof rec !== "object") return rec;
    const src = rec as Record<string, unknown>;
    return Object.fromEntries(shown.filter((k) => k in src).map((k) => [k, src[k]]));
  };
  const refuseUnless = (name: unknown) => {
    if (typeof name !== "string" || !filterable.has(name)) throw forbidden();
  };
  return {
    checkRequest(body, query) {
      if (body && typeof body === "object" && !Array.isArray(body)) {
        const b = body as Record<string, unknown>;
        if (Array.isArray(b.columns)) for (const c of b.columns) refuseUnless(c && typeof c === "object" ? (c as Record<string, unknown>).data : c);
        const orders = b.orders as Record<string, unknown> | undefined;
        if (orders && typeof orders === "object" && orders.columns !== undefined && orders.columns !== null) {
          for (const c of Array.isArray(orders.columns) ? orders.columns : [orders.columns]) refuseUnless(c);
        }
      }
      if (query && typeof query === "object") {
        for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
          if (v !== undefined && v !== "" && target.fields.some((f) => f.name === k)) refuseUnless(k);
        }
      }
    },
    project(result) {
      // list-select answers { value, label } already: nothing else to hide.
      if (op.kind === "listSelect") return result;
      if (result instanceof Answer) {
        const data = result.body.data;
        return Array.isArray(data) ? new Answer({ ...result.body, data: data.map(pick) }, result.statusCode) : result;
      }
      return Array.isArray(result) ? result.map(pick) : pick(result);
    },
  };
}
