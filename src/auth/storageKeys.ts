// Local-storage keys of the session and settings. The spec fixes `token`, `role` and `lang`;
// `user`, `menus` and `role_type` are decided in docs/api.md "Auth" and src/auth/session.ts.
export const STORAGE_KEYS = {
  token: "token",
  role: "role",
  roleType: "role_type",
  user: "user",
  menus: "menus",
  lang: "lang",
} as const;
