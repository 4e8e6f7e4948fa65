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
    rules: {
      // `_`-prefixed names are unused on purpose (a parameter kept for its position, a rest sibling).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
]);
