// The home shell (its own chunk): Refine with the app's providers, the themed layout with the
// menu-group sider, the generated CRUD routes, and Refine's title and unsaved-changes handlers.
import { Authenticated, Refine } from "@refinedev/core";
import { ThemedLayout } from "@refinedev/antd";
import routerProvider, { CatchAllNavigate, DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp } from "antd";
import dayjs from "dayjs";
import "dayjs/locale/id";
import { useEffect, useMemo } from "react";
import { Outlet, Route, Routes } from "react-router";
import { buildRefineResources } from "../crud/resources";
import { crudRoutes } from "../crud/routes";
import { followLanguage } from "../i18n";
import { lazyWithTimeout } from "../lazy/lazyWithTimeout";
import { wantToasts } from "../lazy/toasts";
import { accessControlProvider } from "../providers/accessControlProvider";
import { authProvider } from "../providers/authProvider";
import { dataProvider } from "../providers/dataProvider";
import { i18nProvider } from "../providers/i18nProvider";
import { notificationProvider } from "../providers/notificationProvider";
import { documentTitle } from "./documentTitle";
import { NotFound } from "./NotFound";
import { ShellHeader } from "./ShellHeader";
import { ShellSider } from "./ShellSider";
import { ShellTitle } from "./ShellTitle";

const HomePage = lazyWithTimeout(() => import("../pages/home/HomePage"));

// Dates in the shell (antd pickers, formatted cells) speak the page's language.
followLanguage(dayjs);

export default function Shell() {
  useEffect(wantToasts, []);
  // Built at render: the labels need every text, which loads together with this chunk.
  const resources = useMemo(() => buildRefineResources(), []);
  return (
    <AntdApp>
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
          <Route
            element={
              <Authenticated key="shell" fallback={<CatchAllNavigate to="/login" />}>
                <ThemedLayout Header={ShellHeader} Sider={ShellSider} Title={ShellTitle}>
                  <Outlet />
                </ThemedLayout>
              </Authenticated>
            }
          >
            <Route index element={<HomePage />} />
            {crudRoutes()}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
        <UnsavedChangesNotifier />
        <DocumentTitleHandler handler={documentTitle} />
      </Refine>
    </AntdApp>
  );
}
