// The Refine resources and routes made from the declaration.
import { isValidElement, type ReactElement, type ReactNode } from "react";
import type { ResourceProps } from "@refinedev/core";
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../../declaration";
import { buildRefineResources } from "../../../src/crud/resources";
import { crudRoutes } from "../../../src/crud/routes";
import { DECLARED_ICONS } from "../../../src/crud/icons/declared";
import { loadAllTexts, loadLanguage } from "../../../src/i18n";

let resources: ResourceProps[];
const byName = (name: string) => resources.find((r) => r.name === name)!;

beforeAll(async () => {
  await loadLanguage("en");
  await loadAllTexts("en");
  resources = buildRefineResources();
});

describe("buildRefineResources", () => {
  it("makes one parent per menu group, in sider order, with translated labels", () => {
    const groups = resources.filter((r) => r.meta?.group);
    expect(groups.map((g) => g.name)).toEqual(["projects", "field", "resources", "safety", "masterData", "company", "sales"]);
    expect(byName("masterData").meta?.label).toBe("Master data");
    expect(byName("masterData").meta?.labelKey).toBe("menuGroups.masterData");
  });

  it("registers every declared resource once", () => {
    const names = resources.filter((r) => !r.meta?.group).map((r) => r.name);
    expect(names.sort()).toEqual(ALL_RESOURCES.map((r) => r.name).sort());
  });

  it("gives each resource the routes its operations allow", () => {
    expect(byName("divisi")).toMatchObject({ list: "/divisi", create: "/divisi/create", edit: "/divisi/edit/:id", show: "/divisi/show/:id" });
    expect(byName("divisi").meta).toMatchObject({ parent: "masterData", canDelete: true, hide: false, label: "Divisions" });
    // search + one-read at {project_id}/{id}, no update, delete only by project
    const checklists = byName("project-checklists");
    expect(checklists).toMatchObject({ list: "/project-checklists", create: "/project-checklists/create", show: "/project-checklists/show/:project_id/:id" });
    // Edit and delete one child: beyond the spec, for the project workspace.
    expect(checklists.edit).toBe("/project-checklists/edit/:project_id/:id");
    expect(checklists.meta?.canDelete).toBe(true);
    // a bespoke list page at its own route
    expect(byName("map-monitoring")).toMatchObject({ list: "/map/view" });
    expect(byName("map-monitoring").show).toBeUndefined();
    // no list operation: registered, not in the sider
    expect(byName("document-project")).toMatchObject({ create: "/document-project/create" });
    expect(byName("document-project").list).toBeUndefined();
    expect(byName("document-project").meta?.hide).toBe(true);
    // no group: hidden
    expect(byName("currency").meta?.hide).toBe(true);
    // update without a readable record (kanban-card: get-data only) gets no edit route
    expect(byName("kanban-card").edit).toBeUndefined();
  });

  it("names an icon the declaration gives, from the bundled set", () => {
    const declared = new Set(ALL_RESOURCES.map((r) => r.icon).filter(Boolean));
    const missing = [...declared].filter((n) => !DECLARED_ICONS[n as string]);
    expect(missing).toEqual([]);
    const icon = byName("divisi").meta?.icon as ReactElement<{ name: string }>;
    expect(isValidElement(icon) && icon.props.name).toBe("ClusterOutlined");
  });
});

describe("crudRoutes", () => {
  const paths = (node: ReactNode): string[] => {
    const out: string[] = [];
    const walk = (n: ReactNode) => {
      if (Array.isArray(n)) return n.forEach(walk);
      if (!isValidElement(n)) return;
      const props = n.props as { path?: string; children?: ReactNode };
      if (props.path) out.push(props.path);
      walk(props.children);
    };
    walk(node);
    return out;
  };

  it("routes every generated page in the layout and the full-screen map apart", () => {
    const all = paths(crudRoutes());
    expect(all).toEqual(expect.arrayContaining(["/divisi", "/divisi/create", "/divisi/edit/:id", "/divisi/show/:id", "/project-checklists/show/:project_id/:id"]));
    expect(all).not.toContain("/map/view");
    // The project workspace: a bespoke record page with its tabs below its path.
    expect(all).toContain("/project/show/:id/*");
    expect(new Set(all).size).toBe(all.length);
    // the full-screen bespoke pages: the map at its own route, nothing else
    expect(paths(crudRoutes("fullScreen"))).toEqual(["/map/view"]);
  });
});
