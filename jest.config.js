const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

// fast-check property specs (their sizes go through src/lib/__tests__/property-runs.ts): the unit
// suite runs them with a small cap (TBC_UNIT_PROPERTY_RUNS, see integration-tests/setup-unit.js);
// the properties suite at full size, a step of .ci/run's own (outside npm test's time budget, as the
// full-size soaks). (prepare-session.unit.spec.ts stays full size everywhere: it asserts that its
// random data hit both outcomes, which a few hundred runs do not guarantee.)
const PROPERTY_SPECS = [
  "**/src/**/__tests__/**/*.properties.unit.spec.[jt]s",
  "**/packages/sandbox/src/__tests__/tolerance.unit.spec.[jt]s",
]

// The suites (jest "projects"). unit = pure and client/sandbox tests (no Medusa app);
// integration = tests that boot Medusa (modules or the whole app) on real PostgreSQL;
// reliability = the reliability and security figures (faults, spoofing, races, two instances,
// fuzzing, secrets); properties = the property specs at full size, install = the packed plugin in
// a fresh store, end to end, and bare = npm test bringing up its own services: .ci/run's own steps.
const APP_SETUP = ["./integration-tests/setup.js", "./integration-tests/setup-app.js"]
const SUITES = {
  unit: {
    testMatch: ["**/__tests__/**/*.unit.spec.[jt]s"],
    setupFiles: ["./integration-tests/setup.js", "./integration-tests/setup-unit.js"],
  },
  integration: {
    testMatch: [
      "**/integration-tests/http/**/*.spec.[jt]s",
      "**/src/**/__tests__/**/*.integration.spec.[jt]s",
      // the storefront kit packed and installed into a storefront (packages/storefront/__tests__)
      "**/packages/*/__tests__/**/*.integration.spec.[jt]s",
    ],
    setupFiles: APP_SETUP,
  },
  reliability: {
    testMatch: ["**/integration-tests/reliability/**/*.spec.[jt]s", "**/src/**/__tests__/**/*.reliability.spec.[jt]s"],
    setupFiles: APP_SETUP,
  },
  properties: {
    testMatch: PROPERTY_SPECS,
    setupFiles: ["./integration-tests/setup.js", "./integration-tests/setup-full-properties.js"],
  },
  install: {
    testMatch: ["**/integration-tests/install/**/*.spec.[jt]s"],
    setupFiles: ["./integration-tests/setup.js"],
  },
  // .ci/run's own step too: npm test itself on a simulated bare machine (integration-tests/bare/)
  bare: {
    testMatch: ["**/integration-tests/bare/**/*.spec.[jt]s"],
    setupFiles: ["./integration-tests/setup.js"],
  },
}

const shared = {
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
  // jest's runtime, keeping V8's compilation cache under --experimental-vm-modules (that file says how)
  runtime: "<rootDir>/integration-tests/jest-runtime.js",
  // each file's CPU time when TBC_TEST_CPU_LOG names a file (scripts/test.sh's summary lists the most)
  setupFilesAfterEnv: ["./integration-tests/setup-cpu.js"],
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.medusa/"],
  // Specs import the app test runner from "@medusajs/test-utils" as usual; this repo's version
  // wraps it to clone a migrated database and shorten Medusa's webhook delay (see that file).
  moduleNameMapper: {
    "^@medusajs/test-utils$": "<rootDir>/integration-tests/utils/app-test-runner.ts",
    // The sandbox bank (packages/sandbox) imports the plugin's bank rules by package name, as an
    // installed copy does; here that name is the plugin's source (packages/sandbox/repo-lib-alias.js)
    "^medusa-payment-tbc/lib$": "<rootDir>/src/lib/index.ts",
  },
}

const suite = (name) => {
  if (!SUITES[name])
    throw new Error(`unknown test suite "${name}" (TEST_TYPE / TEST_SUITES): one of ${Object.keys(SUITES).join(", ")}`)
  return { ...shared, ...SUITES[name], displayName: name }
}

// TEST_TYPE=<suite> runs one suite (the usual way to run one file). TEST_SUITES="unit integration
// reliability" (scripts/test.sh) makes each a project of ONE jest run, so that one pool of workers
// takes the files of all of them, longest first, and no core waits for a suite's last file.
const names = (process.env.TEST_SUITES || "").split(/\s+/).filter(Boolean)
// In one run of both, the unit suite leaves the property specs to the properties suite (which
// runs them at full size): the same file twice in one run costs time and proves nothing more.
const project = (name) =>
  name === "unit" && names.includes("properties")
    ? { ...suite(name), testMatch: [...SUITES.unit.testMatch, ...PROPERTY_SPECS.map((glob) => `!${glob}`)] }
    : suite(name)
// longest files first, also on a fresh clone (integration-tests/test-sequencer.js)
const testSequencer = "<rootDir>/integration-tests/test-sequencer.js"
module.exports =
  names.length > 0
    ? { projects: names.map(project), testSequencer }
    : { ...suite(process.env.TEST_TYPE || "unit"), testSequencer }
