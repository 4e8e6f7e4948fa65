// Routes of the app (hash routing): the light sign-in pages stand apart (no Refine, no antd
// layout on the first screen); everything else, full-screen bespoke pages such as /map/view
// included, is the shell with <Refine> (src/shell/Shell.tsx). Every page is its own lazily
// loaded chunk with the 120 s load limit.
// The one toast container (top-right, 5000 ms, drag 80 %) is ToastHost, mounted on demand.
// antd's motion is off for a user whose system asks for reduced motion.
import ConfigProvider from "antd/es/config-provider";
import { HashRouter, Route, Routes } from "react-router";
import { antdLocale, loadAllTexts } from "./i18n";
import { lazyWithTimeout } from "./lazy/lazyWithTimeout";
import { ToastHost } from "./lazy/toasts";
import { usePrefersReducedMotion } from "./lib/usePrefersReducedMotion";
import { THEME, THEME_WITHOUT_MOTION } from "./theme";

const LoginPage = lazyWithTimeout(() => import("./pages/login/LoginPage"));
const ForgotPasswordPage = lazyWithTimeout(() => import("./pages/forgot-password/ForgotPasswordPage"));
const ResetPasswordPage = lazyWithTimeout(() => import("./pages/reset-password/ResetPasswordPage"));
/**
 * A page chunk together with every text of the language (the first screen bundles only its own)
 * and dayjs in the language (these pages show dates).
 */
const withLanguage = <M,>(chunk: Promise<M>): Promise<M> => Promise.all([chunk, loadAllTexts(), import("./i18n/dates").then((m) => m.loadDateLocale())]).then(([m]) => m);

const Shell = lazyWithTimeout(() => withLanguage(import("./shell/Shell")));

export default function App() {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={antdLocale()} theme={reducedMotion ? THEME_WITHOUT_MOTION : THEME}>
      <HashRouter>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/*" element={<Shell />} />
        </Routes>
      </HashRouter>
      <ToastHost />
    </ConfigProvider>
  );
}
