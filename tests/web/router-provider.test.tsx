// The shell's router provider (src/shell/routerProvider.ts) answers every address as
// @refinedev/react-router's binding does (its parse is a copy that matches each address to its
// resource once), inside a <Route> and outside one, for the app's own resources.
import "@ant-design/v5-patch-for-react-19";
import { render } from "@testing-library/react";
import { Refine, type ParseResponse } from "@refinedev/core";
import binding from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { buildRefineResources } from "../../src/crud/resources";
import { routerProvider } from "../../src/shell/routerProvider";

type Parsed = { ours: ParseResponse; binding: ParseResponse };

/** Both parses of the current address, read in the same component. */
function Both({ into }: { into: Parsed[] }) {
  const ours = routerProvider.parse!()();
  const theirs = binding.parse!()();
  into.push({ ours, binding: theirs });
  return null;
}

function parsedAt(path: string, inRoute: boolean): Parsed {
  const into: Parsed[] = [];
  const probe = <Both into={into} />;
  render(
    <MemoryRouter initialEntries={[path]}>
      <Refine routerProvider={routerProvider} resources={buildRefineResources()} options={{ disableTelemetry: true }}>
        {inRoute ? (
          <Routes>
            <Route path="/:resource/:action/:id" element={probe} />
            <Route path="*" element={probe} />
          </Routes>
        ) : (
          probe
        )}
      </Refine>
    </MemoryRouter>,
  );
  return into[into.length - 1];
}

const ADDRESSES = [
  "/",
  "/project",
  "/project/show/5",
  "/project/edit/7?tab=issues",
  "/project-issues/create",
  "/project?currentPage=3&pageSize=20&sorters[0][field]=start_date&sorters[0][order]=desc&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=planning",
  "/role-menu",
  "/no-such-page/show/x%20y",
];

describe("the shell's router provider", () => {
  it.for(ADDRESSES.flatMap((a) => [[a, false] as const, [a, true] as const]))("parses %s (inside a route: %s) as the binding does", ([address, inRoute]) => {
    const { ours, binding: theirs } = parsedAt(address, inRoute);
    expect(ours).toEqual(theirs);
    expect(ours.pathname).toBe(address.split("?")[0]);
  });

  it("tells the resource, the action and the record of an address", () => {
    const { ours } = parsedAt("/project/edit/7?currentPage=2", false);
    expect(ours.resource?.name).toBe("project");
    expect(ours.action).toBe("edit");
    expect(ours.id).toBe("7");
    expect(ours.params?.currentPage).toBe(2);
  });

  it("matches a new address anew after another one", () => {
    expect(parsedAt("/project/show/5", false).ours.resource?.name).toBe("project");
    expect(parsedAt("/role/show/2", false).ours.resource?.name).toBe("role");
    expect(parsedAt("/project/show/5", false).ours.id).toBe("5");
  });
});
