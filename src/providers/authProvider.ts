// Refine's auth provider over the session functions (src/auth/session.ts), which the light
// pages use without Refine.
import type { AuthProvider } from "@refinedev/core";
import { errorKeyOf } from "../http/errorKeys";
import { i18n } from "../i18n";
import { getRoleName, getRoleType, getStoredMenus, getStoredUser, getToken, login, logout, resetPassword, sendForgotEmail, serverMessage } from "../auth/session";

/** A failed auth call as Refine shows it: the server's message, else ours. */
const failure = (error: unknown, fallbackKey: string) => {
  const { message } = serverMessage(error);
  return { success: false, error: { name: i18n.t("auth.errorTitle"), message: message ?? i18n.t(fallbackKey) } };
};

export const authProvider: AuthProvider = {
  login: async ({ email, password }: { email: string; password: string }) => {
    try {
      // A second step (two-factor sign-in) happens on the login page only.
      if ("twoFactor" in (await login(email, password))) return { success: false, redirectTo: "/login" };
      return { success: true, redirectTo: "/" };
    } catch (e) {
      return failure(e, "auth.loginFailed");
    }
  },

  logout: async () => {
    await logout();
    return { success: true, redirectTo: "/login" };
  },

  check: async () => (getToken() ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: "/login" }),

  // Expired sessions (401/403/307 on a call with a token) never get here: the HTTP layer
  // reloads the page first. An `unauthorized` answer that does (a call without a token) means:
  // sign in. Decided by the answer's key (src/http/errorKeys.ts), not its status.
  onError: async (error: unknown) => (errorKeyOf(error) === "unauthorized" ? { logout: true, redirectTo: "/login" } : {}),

  getIdentity: async () => {
    const user = getStoredUser();
    if (!user) return null;
    // `photo` is a stored file name (read through the image API with the token), not a URL:
    // only a real URL becomes the avatar; otherwise the header shows an initial.
    const photo = typeof user.photo === "string" && /^(https?:|data:|\/)/.test(user.photo) ? user.photo : undefined;
    return { ...user, role: getRoleName(), avatar: photo };
  },

  getPermissions: async () => ({ role: getRoleName(), roleType: getRoleType(), menus: getStoredMenus() }),

  forgotPassword: async ({ email }: { email: string }) => {
    try {
      await sendForgotEmail(email);
      return { success: true };
    } catch (e) {
      return failure(e, "auth.requestFailed");
    }
  },

  updatePassword: async ({ token, password }: { token: string; password: string }) => {
    try {
      await resetPassword(token, password);
      return { success: true, redirectTo: "/login" };
    } catch (e) {
      return failure(e, "auth.requestFailed");
    }
  },
};

export default authProvider;
