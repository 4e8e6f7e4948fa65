// Refine's react-router binding, with the address matched to its resource once per address
// instead of once per component. Every button, link and list hook asks Refine where the page is
// (useParsed), and the binding's `parse` (@refinedev/react-router 2.0.4, copied below otherwise
// unchanged) matches the path against every route of every resource in each of them: a list page
// of ten rows did it for each row's buttons and each menu link, about a third of a second of the
// page's CPU on a slow machine before it even asked for its rows.
import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type ParseResponse, type RouterProvider } from "@refinedev/core";
import binding from "@refinedev/react-router";
import qs from "qs";
import { useCallback, useContext, useMemo } from "react";
import { matchPath, useLocation, useParams } from "react-router";

type Resources = Parameters<typeof matchResourceFromRoute>[1];
type Match = ReturnType<typeof matchResourceFromRoute>;

/** The last address matched (every component on screen asks about the same one) and its resource. */
let last: { pathname: string; resources: Resources; match: Match } | null = null;

/** The resource, action and route an address is on, matched once while the address stays. */
function matchOnce(pathname: string, resources: Resources): Match {
  if (last?.pathname !== pathname || last.resources !== resources) last = { pathname, resources, match: matchResourceFromRoute(pathname, resources) };
  return last.match;
}

/** A query string's number ("2"), as the binding reads currentPage and pageSize. */
function numberIfPossible(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const n = Number(value);
  return `${n}` === value ? n : value;
}

function useParse(): () => ParseResponse {
  let params = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = useMemo(() => matchOnce(pathname, resources), [resources, pathname]);
  // Outside a <Route> useParams is empty: the params come from the matched route.
  if (Object.keys(params).length === 0 && matchedRoute) params = matchPath(matchedRoute, pathname)?.params ?? {};
  return useCallback(() => {
    const combined: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...combined,
        currentPage: numberIfPossible(combined.currentPage) as number | undefined,
        pageSize: numberIfPossible(combined.pageSize) as number | undefined,
        to: combined.to ? decodeURIComponent(String(combined.to)) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const routerProvider: RouterProvider = { ...binding, parse: useParse };
