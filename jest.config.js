const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

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
  testMatch,
}
