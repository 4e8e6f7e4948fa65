// <Route>s of the generated (and bespoke) list/create/edit/show pages, each loaded on demand
// with the spec's 'Loading...' placeholder and 120000 ms load time-out (lazyWithTimeout).
import type { ComponentType, ReactNode } from "react";
import { Route } from "react-router";
import { lazyWithTimeout } from "../lazy/lazyWithTimeout";
import { BESPOKE_PAGES } from "./bespoke";
import { ALL, routesOf, type CrudAction } from "./model";

const ListPage = lazyWithTimeout(() => import("./ListPage"));
const FormPage = lazyWithTimeout(() => import("./FormPage"));
const ShowPage = lazyWithTimeout(() => import("./ShowPage"));

const bespoke = new Map<string, ComponentType>();
function bespokePage(name: string): ComponentType | undefined {
  const load = BESPOKE_PAGES[name];
  if (!load) return undefined;
  let C = bespoke.get(name);
  if (!C) bespoke.set(name, (C = lazyWithTimeout(load)));
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

/** <Route> elements for every resource's list/create/edit/show page, lazy-loaded. */
export function crudRoutes(): ReactNode {
  const routes: ReactNode[] = [];
  for (const r of ALL) {
    const paths = routesOf(r);
    for (const action of ACTIONS) {
      const path = paths[action];
      if (!path) continue;
      const pageName = r.pages?.[action];
      // A bespoke page at the resource's own route is the shell's (e.g. /map/view).
      if (pageName && action === "list" && r.route !== `/${r.name}`) continue;
      const Bespoke = pageName ? bespokePage(pageName) : undefined;
      if (pageName && !Bespoke && import.meta.env.DEV) console.warn(`bespoke page "${pageName}" of ${r.name} is not registered: using the generated one`);
      routes.push(<Route key={`${r.name}:${action}`} path={path} element={Bespoke ? <Bespoke /> : generated(action, r.name)} />);
    }
  }
  return <>{routes}</>;
}
