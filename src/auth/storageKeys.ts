// Local-storage keys of the session and settings. The spec fixes `token`, `role` and `lang`;
// `user`, `menus` and `role_type` are decided in docs/api.md "Auth" and src/auth/session.ts.
export const STORAGE_KEYS = {
  token: "token",
  role: "role",
  roleType: "role_type",
  /** "true"/"false" when the login answer's role says whether it is a field role. */
  fieldRole: "is_field_role",
  user: "user",
  menus: "menus",
  lang: "lang",
} as const;
