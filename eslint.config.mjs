// ESLint: JavaScript's and typescript-eslint's recommended rules over the whole repository.
// `npm run lint` runs it (with `prettier --check`); `npm test` counts a lint failure like a failed
// typecheck. Formatting is Prettier's job (.prettierrc), so no stylistic rules are turned on here.
import js from "@eslint/js"
import { defineConfig } from "eslint/config"
import globals from "globals"
import tseslint from "typescript-eslint"

export default defineConfig(
  {
    // a disable comment that no longer disables anything is an error too: it would hide the next problem
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // build output, installed packages, test results, local data
    ignores: [
      ".medusa/",
      "node_modules/",
      "test-artifacts/",
      "coverage/",
      ".cache/",
      ".demo-data/",
      "dist/",
      "packages/*/dist/",
      "public/",
      // copies of Medusa's dtc-starter, kept exactly as the starter has them (the guide patches them)
      "docs/storefront-dtc/__tests__/dtc-starter/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
  },
  {
    // code that runs in a browser: the admin extensions and the demo storefront's page modules
    files: ["src/admin/**/*.{ts,tsx}", "scripts/demo/storefront/public/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    rules: {
      // A leading underscore marks a parameter an interface requires but this implementation does
      // not use (e.g. refundPayment(_input)); dropping keys by destructuring leaves the rest unused.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // CommonJS files Node runs as they are (the bin, the demo scripts, jest's config and setup,
    // a bench loader): `require` is how they import.
    files: ["**/*.js", "**/*.cjs"],
    ignores: ["scripts/demo/storefront/public/**"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests read untyped JSON (HTTP bodies, the sandbox bank's state dump) and hand fakes to
    // handlers typed for Medusa's request objects; typing every such read would add nothing a
    // failing assertion does not already catch. Production code stays free of `any`.
    // The tests' helpers that rethrow with context for the failure message (page errors, a child
    // process's output) cannot attach `cause`: the TypeScript lib here (ES2021) has no such option.
    files: ["**/__tests__/**", "integration-tests/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "preserve-caught-error": "off" },
  }
)
