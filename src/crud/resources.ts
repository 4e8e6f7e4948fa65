// Refine resources from the declaration: one parent per menu group, one per declared resource
// (API and legacy) with the routes its operations allow. Refine's sider, breadcrumb and the
// document title print meta.label as given, so it reads the label in the current language when
// read (a getter: the texts may load after this runs); meta.labelKey keeps the i18n key.
import { createElement } from "react";
import type { ResourceProps } from "@refinedev/core";
import { GROUP_ICONS, GROUP_ORDER, groupLabelKey, type MenuGroup } from "../../declaration";
import { i18n } from "../i18n";
import { IconByName } from "./icons/IconByName";
import { ALL, capabilitiesOf, resourceLabelKey, routesOf } from "./model";

const icon = (name: string | undefined) => (name ? createElement(IconByName, { name }) : undefined);

/** meta with `label` translated on each read and `labelKey` the i18n key. */
function labelled<M extends Record<string, unknown>>(key: string, meta: M): M & { label: string; labelKey: string } {
  return Object.defineProperty({ ...meta, labelKey: key }, "label", { get: () => i18n.t(key), enumerable: true }) as M & { label: string; labelKey: string };
}

/** Refine resources: one parent per menu group, one per declared resource with its routes. */
export function buildRefineResources(): ResourceProps[] {
  const used = new Set(ALL.map((r) => r.group).filter(Boolean));
  const groups: ResourceProps[] = GROUP_ORDER.filter((g) => used.has(g)).map((g) => ({
    name: g,
    meta: labelled(groupLabelKey(g), { icon: icon(GROUP_ICONS[g]), group: true }),
  }));
  // Sider order: by group, then declaration order within a group; ungrouped ones last (hidden).
  const rank = (g: MenuGroup | undefined) => (g ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  const resources = [...ALL]
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r.group) - rank(b.r.group) || a.i - b.i)
    .map(({ r }): ResourceProps => {
      const routes = routesOf(r);
      return {
        name: r.name,
        ...routes,
        meta: labelled(resourceLabelKey(r), {
          parent: r.group,
          icon: icon(r.icon),
          canDelete: capabilitiesOf(r).delete,
          // Registered for access control and labels, but not in the sider.
          hide: !r.group || !routes.list,
          service: r.service,
        }),
      };
    });
  return [...groups, ...resources];
}
