// The signed-in app (its own chunk): Refine with the app's providers around every page but the
// light sign-in ones: the shell's layout (menu-group sider, header) with home, the generated CRUD
// and bespoke pages, the full-screen bespoke pages (the map) without it, and Refine's title and
// unsaved-changes handlers. Both kinds of page are guarded by Refine's <Authenticated>.
// No antd <App>: nothing here uses antd's static message, notification or modal (toasts are
// react-toastify's, the delete confirmation is a Popconfirm), and it would bring all three.
// react-toastify itself loads with the first toast (src/lazy/toasts.tsx).
import { Authenticated, Refine } from "@refinedev/core";
import { CatchAllNavigate, DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { Suspense, useMemo } from "react";
import { Navigate, Outlet, Route, Routes } from "react-router";
import { wasSignedOutOnPurpose } from "../auth/session";
import { buildRefineResources } from "../crud/resources";
import { crudRoutes } from "../crud/routes";
import { TimeZonesWatcher } from "../crud/useTimeZones";
import { lazyWithTimeout } from "../lazy/lazyWithTimeout";
import { LiveRoot } from "../live/LiveRoot";
import { PageLoading } from "../lazy/PageFallbacks";
import { accessControlProvider } from "../providers/accessControlProvider";
import { authProvider } from "../providers/authProvider";
import { dataProvider } from "../providers/dataProvider";
import { i18nProvider } from "../providers/i18nProvider";
import { notificationProvider } from "../providers/notificationProvider";
import { documentTitle } from "./documentTitle";
import { NotFound } from "./NotFound";
import { RightsWatcher } from "./RightsWatcher";
import { routerProvider } from "./routerProvider";
import { ShellLayout } from "./ShellLayout";

const HomePage = lazyWithTimeout(() => import("../pages/home/HomePage"));
/** The signed-in user's own security (two-factor sign-in), for everyone: no menu needed. */
const AccountPage = lazyWithTimeout(() => import("../pages/account/AccountPage"));

/** Signed out: to the login page, with the page to return to unless the user logged out. */
const ToSignIn = () => (wasSignedOutOnPurpose() ? <Navigate to="/login" replace /> : <CatchAllNavigate to="/login" />);

export default function Shell() {
  // Built at render: the labels need every text, which loads together with this chunk.
  const resources = useMemo(() => buildRefineResources(), []);
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      notificationProvider={notificationProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      resources={resources}
      options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true }}
    >
      <Routes>
        {/* Full-screen bespoke pages (the map at /map/view): signed-in, no sider or header. */}
        <Route
          element={
            <Authenticated key="full-screen" fallback={<ToSignIn />}>
              <TimeZonesWatcher />
              <Outlet />
            </Authenticated>
          }
        >
          {crudRoutes("fullScreen")}
        </Route>
        <Route
          element={
            <Authenticated key="shell" fallback={<ToSignIn />}>
              {/* The zones of the company's times (src/crud/useTimeZones.ts): asked again after a project or company save. */}
              <TimeZonesWatcher />
              <ShellLayout>
                {/* A page's chunk loads inside the frame: the menu and header stay. */}
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </ShellLayout>
            </Authenticated>
          }
        >
          <Route index element={<HomePage />} />
          <Route path="account" element={<AccountPage />} />
          {crudRoutes("layout")}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
      {/* The one event stream of the shell (src/live/): opened while signed in, on every page. */}
      <LiveRoot />
      <RightsWatcher />
      <UnsavedChangesNotifier />
      <DocumentTitleHandler handler={documentTitle} />
    </Refine>
  );
}
