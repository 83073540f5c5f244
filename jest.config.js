const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

// fast-check property specs (their sizes go through src/lib/__tests__/property-runs.ts): the unit
// suite of `npm test` runs them with a small TBC_PROPERTY_RUNS, the reliability suite at full size.
// (prepare-session.unit.spec.ts stays full size everywhere: it asserts that its random data hit
// both outcomes, which a few hundred runs do not guarantee.)
const PROPERTY_SPECS = [
  "**/src/**/__tests__/**/*.properties.unit.spec.[jt]s",
  "**/src/sandbox/__tests__/tolerance.unit.spec.[jt]s",
]

// TEST_TYPE picks the suite: unit = pure and client/sandbox tests (no Medusa app),
// integration = tests that boot Medusa (modules or the whole app) on real PostgreSQL.
const testMatch = {
  unit: ["**/__tests__/**/*.unit.spec.[jt]s"],
  integration: [
    "**/integration-tests/http/**/*.spec.[jt]s",
    "**/src/**/__tests__/**/*.integration.spec.[jt]s",
  ],
  // reliability and security figures (faults, spoofing, races, two instances, fuzzing, secrets)
  reliability: [
    "**/integration-tests/reliability/**/*.spec.[jt]s",
    "**/src/**/__tests__/**/*.reliability.spec.[jt]s",
    ...PROPERTY_SPECS,
  ],
  // the install test (.ci/run's own step): the packed plugin in a fresh store, end to end
  install: ["**/integration-tests/install/**/*.spec.[jt]s"],
}[process.env.TEST_TYPE || "unit"]

module.exports = {
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: "es2021",
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.medusa/"],
  setupFiles: ["./integration-tests/setup.js"],
  // Specs import the app test runner from "@medusajs/test-utils" as usual; this repo's version
  // wraps it to clone a migrated database and shorten Medusa's webhook delay (see that file).
  moduleNameMapper: {
    "^@medusajs/test-utils$": "<rootDir>/integration-tests/utils/app-test-runner.ts",
  },
  testMatch,
}
