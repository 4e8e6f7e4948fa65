// Routes of the app (hash routing): the light pages and the map stand apart; everything else
// is the home shell. Every page is its own lazily loaded chunk with the 120 s load limit.
import ConfigProvider from "antd/es/config-provider";
import { HashRouter, Route, Routes } from "react-router";
import { ToastContainer } from "react-toastify";
import { antdLocale } from "./i18n";
import { lazyWithTimeout } from "./lazy/lazyWithTimeout";

const LoginPage = lazyWithTimeout(() => import("./pages/login/LoginPage"));
const ForgotPasswordPage = lazyWithTimeout(() => import("./pages/forgot-password/ForgotPasswordPage"));
const ResetPasswordPage = lazyWithTimeout(() => import("./pages/reset-password/ResetPasswordPage"));
const MapPage = lazyWithTimeout(() => import("./pages/map/MapPage"));
const Shell = lazyWithTimeout(() => import("./shell/Shell"));

const THEME = { token: { colorPrimary: "#1d4ed8", borderRadius: 8 } };

export default function App() {
  return (
    <ConfigProvider locale={antdLocale()} theme={THEME}>
      <HashRouter>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/map/view" element={<MapPage />} />
          <Route path="/*" element={<Shell />} />
        </Routes>
      </HashRouter>
      <ToastContainer position="top-right" autoClose={5000} draggablePercent={80} />
    </ConfigProvider>
  );
}
