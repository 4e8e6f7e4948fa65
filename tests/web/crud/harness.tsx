// Renders the generated CRUD pages as the shell does: <Refine> with the app's providers, the
// resources and routes from src/crud, a memory router, against the contract mock (tests/mocks).
import "@ant-design/v5-patch-for-react-19";
import { Suspense, type ReactNode } from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect } from "vitest";
import { ConfigProvider } from "antd";
import { Refine } from "@refinedev/core";
import { routerProvider } from "../../../src/shell/routerProvider";
import { MemoryRouter, Outlet, Route, Routes, useLocation } from "react-router";
import { buildRefineResources } from "../../../src/crud/resources";
import { crudRoutes } from "../../../src/crud/routes";
import { antdLocale, loadAllTexts, loadLanguage, type Language } from "../../../src/i18n";
import { loadDateLocale } from "../../../src/i18n/dates";
import { ToastHost } from "../../../src/lazy/toasts";
import { LiveRoot } from "../../../src/live/LiveRoot";
import { accessControlProvider } from "../../../src/providers/accessControlProvider";
import { dataProvider } from "../../../src/providers/dataProvider";
import { i18nProvider } from "../../../src/providers/i18nProvider";
import { notificationProvider } from "../../../src/providers/notificationProvider";
import { defaultMenus, DEFAULT_USER, installContractMock, type ContractMockOptions, type InstalledContractMock, type MockMenu } from "../../mocks";
import { server } from "../msw";
import { LOAD } from "../support/waits";

export interface SessionOptions {
  menus?: MockMenu[];
  roleType?: string;
  lang?: Language;
}

/** A signed-in session in local storage, as login leaves it. */
export async function signIn({ menus = defaultMenus(), roleType = "admin", lang = "en" }: SessionOptions = {}): Promise<void> {
  const { password: _pw, role, ...user } = DEFAULT_USER;
  localStorage.setItem("token", "mock-token");
  localStorage.setItem("role", role.name);
  localStorage.setItem("role_type", roleType);
  localStorage.setItem("user", JSON.stringify(user));
  localStorage.setItem("menus", JSON.stringify(menus));
  localStorage.setItem("lang", lang);
  await loadLanguage(lang);
  await loadAllTexts(lang);
  await loadDateLocale(lang);
}

/** The contract mock on the suite's msw server, for this test. */
export const mockApi = (opts: ContractMockOptions = {}): InstalledContractMock => installContractMock(server, opts);

function LocationProbe({ report }: { report: (pathname: string, search: string) => void }) {
  const loc = useLocation();
  report(loc.pathname, decodeURIComponent(loc.search));
  return null;
}

export interface RenderOptions extends SessionOptions {
  /** Mount the shell's event stream too (src/live/LiveRoot; the contract mock's `events` answers it). Stop it with stopLive() after the test. */
  live?: boolean;
  /** Routes beside the generated ones (a shell page that is no resource's: #/account). */
  routes?: ReactNode;
}

export async function renderCrud(path: string, session: RenderOptions = {}) {
  await signIn(session);
  const location = { pathname: "", search: "" };
  const user = userEvent.setup({ delay: null });
  // antd's styles are kept out of jsdom by the suite's setup (StyleProvider mock="server").
  const utils = render(
    <ConfigProvider locale={antdLocale()}>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={notificationProvider}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          resources={buildRefineResources()}
          options={{
            syncWithLocation: true,
            warnWhenUnsavedChanges: true,
            disableTelemetry: true,
            mutationMode: "pessimistic",
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route
              element={
                <Suspense fallback={<div>Loading...</div>}>
                  <Outlet />
                </Suspense>
              }
            >
              {crudRoutes()}
              {session.routes}
            </Route>
          </Routes>
          {session.live ? <LiveRoot /> : null}
          <LocationProbe report={(pathname, search) => Object.assign(location, { pathname, search })} />
        </Refine>
        <ToastHost />
      </MemoryRouter>
    </ConfigProvider>,
  );
  return { ...utils, user, location };
}

/** The table's body rows (antd adds a hidden measure row). */
export function bodyRows(): HTMLElement[] {
  const table = document.querySelector(".ant-table-tbody");
  if (!table) return [];
  return within(table as HTMLElement)
    .queryAllByRole("row")
    .filter((r) => !r.classList.contains("ant-table-measure-row") && !r.classList.contains("ant-table-placeholder"));
}

/** Cell texts of each body row. */
export const rowTexts = () =>
  bodyRows().map((r) =>
    within(r)
      .queryAllByRole("cell")
      .map((c) => c.textContent ?? ""),
  );

/** Column header titles. */
export const headerTexts = () => [...document.querySelectorAll(".ant-table-thead th")].map((th) => th.textContent ?? "");

/** Waits until the table shows `n` body rows. */
export const waitForRows = (n: number) => waitFor(() => expect(bodyRows()).toHaveLength(n), LOAD);

/** Waits for the page's title (the frame's heading). */
export const waitForTitle = (text: string) => screen.findByRole("heading", { level: 1, name: text }, LOAD);

type User = ReturnType<typeof userEvent.setup>;

/** The form control of a labelled Form.Item. */
export const control = (label: string) => screen.getByLabelText(label, { selector: "input, textarea" });

/** Picks an option of an antd Select (by the Form.Item's label), waiting for it to load. */
export async function pick(user: User, label: string, option: string, opts: { search?: string } = {}) {
  const input = control(label);
  await user.click(input);
  if (opts.search) await user.type(input, opts.search);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].find(
      (o) => o.getAttribute("title") === option || o.textContent === option,
    );
    if (!found) throw new Error(`no option "${option}" for ${label}`);
    return found;
  }, LOAD);
  await user.click(item);
}

/** Types a date (DD-MM-YYYY) into an antd DatePicker and confirms it. */
export async function typeDate(user: User, label: string, ddmmyyyy: string) {
  const input = control(label);
  await user.click(input);
  await user.type(input, `${ddmmyyyy}{Enter}`);
}

/** Form.Item error texts. */
export const fieldErrors = () => [...document.querySelectorAll(".ant-form-item-explain-error")].map((e) => e.textContent);

/** The error of the Form.Item labelled `label`. */
export function fieldError(label: string): string | null {
  const item = control(label).closest(".ant-form-item");
  return item?.querySelector(".ant-form-item-explain-error")?.textContent ?? null;
}
