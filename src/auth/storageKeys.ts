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
  /** A view-as session (role view-as/{id}): who opened it and the role it shows (JSON). */
  viewAs: "view_as",
  /** The admin's own session while viewing as a role, to go back to (JSON of these keys' values). */
  viewAsReturn: "view_as_return",
  /** The last X-Rights stamp the server answered (src/auth/rightsWatch.ts). */
  rights: "rights",
  lang: "lang",
} as const;
