// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules (not the
// type-checked set: too slow for every run) and React's hooks rules, for the whole repository.
// Formatting is Prettier's job (.prettierrc.json), so no stylistic rules here.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores(["dist/", "coverage/", "data/", "bench/out/", ".tmp/", ".node/", "tests/api-client/openapi.ts"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // The web app runs in the browser; its tests run in jsdom.
    files: ["src/**/*.{ts,tsx}", "tests/web/**/*.{ts,tsx}", "tests/mocks/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.{jsx,tsx}", "src/**/*.ts", "tests/web/**/*.ts"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // The typed database (server/db/database.ts) everywhere; its one escape, dynamicDb (tables named
    // at run time), only in the generic code: records/, the generic routes, the seed loader and the
    // migrations (which run against the schema of their time, not today's), and three handlers whose
    // table the declaration or a catalogue chooses at run time.
    files: ["server/**/*.ts"],
    ignores: [
      "server/records/**",
      "server/routes/**",
      "server/seed/**",
      "server/db/migrations/**",
      "server/db/dynamic.ts",
      "server/access/sign-off.ts",
      "server/custom/requests.ts",
      "server/custom/legacy-dashboard.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/db/dynamic", "./dynamic"], message: "Use the typed Db: dynamicDb is for generic code on tables named at run time (see eslint.config.js)." }] },
      ],
    },
  },
  {
    rules: {
      // `_`-prefixed names are unused on purpose (a parameter kept for its position, a rest sibling).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
]);
