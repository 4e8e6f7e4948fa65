// <Route>s of the generated (and bespoke) list/create/edit/show pages, each loaded on demand
// with the spec's 'Loading...' placeholder and 120000 ms load time-out (lazyWithTimeout). The
// shell (src/shell/Shell.tsx) puts them inside <Refine>, in its layout or on the whole screen.
// Each is guarded by the role's rights (RequireAccess): a page outside them shows the no-access
// page without loading or asking anything.
import type { ComponentType, ReactNode } from "react";
import { Route } from "react-router";
import { lazyWithTimeout } from "../lazy/lazyWithTimeout";
import { RequireAccess } from "../shell/RequireAccess";
import { BESPOKE_PAGES } from "./bespoke";
import { ALL, routesOf, type CrudAction } from "./model";
import type { PageName } from "../../declaration";

const ListPage = lazyWithTimeout(() => import("./ListPage"));
const FormPage = lazyWithTimeout(() => import("./FormPage"));
const ShowPage = lazyWithTimeout(() => import("./ShowPage"));

// One lazy component per bespoke page, shared by every route that shows it.
const bespoke = new Map<PageName, ComponentType>();
function bespokePage(name: PageName): ComponentType {
  let C = bespoke.get(name);
  if (!C) bespoke.set(name, (C = lazyWithTimeout(BESPOKE_PAGES[name].load)));
  return C;
}

function generated(action: CrudAction, resource: string): ReactNode {
  switch (action) {
    // Keys: the same page type on another route must start afresh (create → edit).
    case "list":
      return <ListPage key={`${resource}:list`} resource={resource} />;
    case "create":
      return <FormPage key={`${resource}:create`} resource={resource} action="create" />;
    case "edit":
      return <FormPage key={`${resource}:edit`} resource={resource} action="edit" />;
    case "show":
      return <ShowPage key={`${resource}:show`} resource={resource} />;
  }
}

const ACTIONS: CrudAction[] = ["list", "create", "edit", "show"];

/** Which frame a route takes: the shell's layout, or the whole screen (bespoke pages only). */
export type RouteFrame = "layout" | "fullScreen";

/**
 * <Route> elements for every resource's list/create/edit/show page, lazy-loaded: the generated
 * page, or the bespoke one the declaration names (src/crud/bespoke.ts). `frame` picks the pages
 * shown inside the shell's layout or those that take the whole screen.
 */
export function crudRoutes(frame: RouteFrame = "layout"): ReactNode {
  const routes: ReactNode[] = [];
  for (const r of ALL) {
    const paths = routesOf(r);
    for (const action of ACTIONS) {
      const path = paths[action];
      if (!path) continue;
      const pageName = r.pages?.[action];
      const fullScreen = pageName ? BESPOKE_PAGES[pageName].fullScreen : false;
      if (fullScreen !== (frame === "fullScreen")) continue;
      const Bespoke = pageName ? bespokePage(pageName) : undefined;
      // A bespoke record page owns the paths below its own (the project workspace's /project/show/4/health).
      const page = Bespoke ? <Bespoke /> : generated(action, r.name);
      routes.push(
        <Route
          key={`${r.name}:${action}`}
          path={Bespoke && action === "show" ? `${path}/*` : path}
          element={
            <RequireAccess resource={r.name} action={action}>
              {page}
            </RequireAccess>
          }
        />,
      );
    }
  }
  return <>{routes}</>;
}
