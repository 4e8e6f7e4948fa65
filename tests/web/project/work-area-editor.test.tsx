// The work area editor on a project's Safety tab (OpenLayers Draw/Modify; the drawing itself is a
// browser's): it says which area is in force (the drawn polygon, else the radius around the
// location), removes the polygon through project update (work_area null), and offers no editing
// to a role that may not update projects.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defaultMenus } from "../../mocks";
import { mockApi, renderCrud } from "../crud/harness";

const LOAD = { timeout: 15000 };
const AREA = {
  type: "Polygon",
  coordinates: [
    [
      [106.8, -6.2],
      [106.81, -6.2],
      [106.81, -6.19],
      [106.8, -6.2],
    ],
  ],
};

function world(workArea: unknown) {
  const api = mockApi();
  api.db.seed("project", [{ id: 2, name: "Gedung A", code: "GDA", status: "in_progress", location: [106.8, -6.2], work_radius_m: 150, work_area: workArea }]);
  return api;
}

describe("work area editor", () => {
  it("shows the radius as the work area until a polygon is drawn", async () => {
    world(null);
    await renderCrud("/project/show/2/safety");
    const box = await screen.findByTestId("work-area-editor", undefined, LOAD);
    expect(await within(box).findByText(/the work area is the circle of 150 m around the project's location/, undefined, LOAD)).toBeInTheDocument();
    expect(within(box).getByRole("button", { name: "Draw the work area" })).toBeEnabled();
    expect(within(box).getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("removes a drawn polygon, back to the radius", async () => {
    const api = world(AREA);
    const { user } = await renderCrud("/project/show/2/safety");
    const box = await screen.findByTestId("work-area-editor", undefined, LOAD);
    await within(box).findByText(/The work area is the polygon drawn here/, undefined, LOAD);
    await user.click(within(box).getByRole("button", { name: "Remove the polygon" }));
    await waitFor(() => expect(api.requests("PUT", "project/update/2")).toHaveLength(1), LOAD);
    expect(api.requests("PUT", "project/update/2")[0].body).toEqual({ work_area: null });
    await within(box).findByText(/the circle of 150 m/, undefined, LOAD);
  });

  it("offers no editing without the right to update projects", async () => {
    world(AREA);
    await renderCrud("/project/show/2/safety", { menus: defaultMenus({ project: { can_edit: false } }) });
    const box = await screen.findByTestId("work-area-editor", undefined, LOAD);
    await within(box).findByText(/The work area is the polygon drawn here/, undefined, LOAD);
    for (const name of ["Draw it again", "Save", "Remove the polygon"]) expect(within(box).queryByRole("button", { name })).toBeNull();
  });
});
