// Where a field worker lands after signing in: on a phone, the field page (#/field) when the
// role is a field role holding its menu; on a wide screen, or for an office role, home; a page
// to return to wins.
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { landingPath, PHONE_QUERY } from "../../src/auth/landing";
import type { LoginAnswer } from "../../src/auth/session";
import LoginPage from "../../src/pages/login/LoginPage";
import { ok, recordApi } from "./support/apiRecorder";

const FIELD_MENU = { id: 40, name: "My day", alias: "field-day", url: "/field", icon: null, order: 0, parent_id: 4, can_add: false, can_edit: false, can_delete: false };
const TASK_MENU = { id: 41, name: "Tasks", alias: "task", url: "/task", icon: null, order: 0, parent_id: 1, can_add: false, can_edit: false, can_delete: false };
const WORKER: Pick<LoginAnswer, "role" | "menus"> = { role: { id: 5, name: "Field Worker", role_type: "worker" }, menus: [TASK_MENU, FIELD_MENU] };

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

/** The screen's width as matchMedia answers the phone query. */
function screenIsPhone(phone: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY ? phone : false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      }) as unknown as MediaQueryList,
  );
}

async function signInAs(answer: Pick<LoginAnswer, "role" | "menus">, entry = "/login") {
  recordApi({ "POST /api/login": ok({ token: "tok-w", user: { id: 5, name: "Dimas", email: "worker1@demo.test", company_id: 1 }, ...answer }) });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText("Email"), "worker1@demo.test");
  await userEvent.type(screen.getByLabelText("Password"), "demo12345");
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
  return screen.findByTestId("where");
}

afterEach(() => vi.restoreAllMocks());

describe("landing after sign-in", () => {
  it("takes a field worker on a phone to the field page", async () => {
    screenIsPhone(true);
    expect(await signInAs(WORKER)).toHaveTextContent(/^\/field$/);
  });

  it("takes a field worker on a wide screen home", async () => {
    screenIsPhone(false);
    expect(await signInAs(WORKER)).toHaveTextContent(/^\/$/);
  });

  it("follows the page the worker was sent away from", async () => {
    screenIsPhone(true);
    expect(await signInAs(WORKER, "/login?to=%2Ftask")).toHaveTextContent(/^\/task$/);
  });

  it("takes a surveyor (a field role by the answer's flag) to the field page, not an office role of type worker", async () => {
    screenIsPhone(true);
    expect(await signInAs({ ...WORKER, role: { id: 3, name: "Surveyor", role_type: "supervisor", is_field_role: true } })).toHaveTextContent(/^\/field$/);
    cleanup();
    localStorage.clear();
    expect(await signInAs({ ...WORKER, role: { id: 6, name: "Office worker", role_type: "worker", is_field_role: false } })).toHaveTextContent(/^\/$/);
  });

  it("decides by the role's field flag where the answer has one, else by the worker type, and needs the page's menu", () => {
    const menus = WORKER.menus;
    expect(landingPath({ roleType: "worker", isFieldRole: null, menus }, true)).toBe("/field");
    expect(landingPath({ roleType: "worker", isFieldRole: null, menus }, false)).toBe("/");
    expect(landingPath({ roleType: "supervisor", isFieldRole: null, menus }, true)).toBe("/");
    expect(landingPath({ roleType: "supervisor", isFieldRole: true, menus }, true)).toBe("/field");
    expect(landingPath({ roleType: "worker", isFieldRole: false, menus }, true)).toBe("/");
    expect(landingPath({ roleType: "worker", isFieldRole: null, menus: [TASK_MENU] }, true)).toBe("/");
  });

  it("sends a signed-in field worker on a phone who opens the login page to the field page", async () => {
    screenIsPhone(true);
    localStorage.setItem("token", "tok-w");
    localStorage.setItem("role_type", "worker");
    localStorage.setItem("menus", JSON.stringify(WORKER.menus));
    render(
      <MemoryRouter initialEntries={["/login"]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId("where")).toHaveTextContent(/^\/field$/);
  });
});
