/**
 * What `@medusajs/test-utils` means inside this repo's jest runs (jest.config.js maps the bare
 * package name here, so every spec — including new ones — gets it without importing anything
 * else): the package itself, with `medusaIntegrationTestRunner` made cheaper in two ways that
 * leave each test's meaning alone.
 *
 * 1. The file's database is a clone of one already-migrated template (migrated-template.ts)
 *    instead of an empty database that the runner migrates from scratch.
 * 2. Medusa processes bank callbacks TEST_WEBHOOK_DELAY_MS after their 200 instead of ~5 s
 *    (webhook-delay.ts). A test that needs the webhook to come late sets it back with
 *    `withWebhookDelay(...)`.
 */
import path from "path"
import { cloneMigratedTemplate, saveMigratedTemplate } from "./migrated-template"
import { setWebhookDelay, TEST_WEBHOOK_DELAY_MS } from "./webhook-delay"

type TestUtils = typeof import("@medusajs/test-utils")
type RunnerConfig = Parameters<TestUtils["medusaIntegrationTestRunner"]>[0]

// the real package, by path: the bare name would be mapped back to this file
const PACKAGE_DIR = path.dirname(require.resolve("@medusajs/test-utils/package.json"))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const actual: TestUtils = require(PACKAGE_DIR)

/**
 * The runner's migration step (the module its `migrateDatabase` export comes from; the runner
 * reads that export at call time). On a clone of the up-to-date template it only checks ~25
 * modules' migration tables to find nothing pending, which still takes ~3 s per file, so it is
 * skipped while the runner boots a cloned database. Pinned to @medusajs/test-utils 2.21.2's
 * layout: if the module is not there, nothing is skipped.
 */
function skipRunnerMigrations(): () => void {
  let migrations: { migrateDatabase?: unknown }
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    migrations = require(path.join(PACKAGE_DIR, "dist/medusa-test-runner-utils/use-db.js"))
  } catch {
    return () => undefined
  }
  const original = migrations.migrateDatabase
  if (typeof original !== "function") return () => undefined
  migrations.migrateDatabase = async () => undefined
  return () => {
    migrations.migrateDatabase = original
  }
}

export function medusaIntegrationTestRunner(config: RunnerConfig): ReturnType<TestUtils["medusaIntegrationTestRunner"]> {
  // only for the dev app's own config, which is what the template was migrated with
  const dbName = config.medusaConfigFile || config.cwd ? undefined : config.dbName
  let cloned = false
  let restoreMigrations = (): void => undefined
  // registered before the runner's own beforeAll (which sits in the describe it returns)
  if (dbName) {
    beforeAll(async () => {
      cloned = await cloneMigratedTemplate(dbName)
      if (cloned) restoreMigrations = skipRunnerMigrations()
    })
  }
  return actual.medusaIntegrationTestRunner({
    ...config,
    testSuite: (options) => {
      // runs after the runner's beforeAll (app booted) and before the spec's own hooks
      beforeAll(async () => {
        restoreMigrations()
        if (dbName && !cloned) await saveMigratedTemplate(dbName)
        setWebhookDelay(options.getContainer(), TEST_WEBHOOK_DELAY_MS)
      })
      return config.testSuite(options)
    },
  })
}

export const moduleIntegrationTestRunner: TestUtils["moduleIntegrationTestRunner"] = actual.moduleIntegrationTestRunner

// everything else of the package, unchanged
for (const key of Object.keys(actual)) {
  if (!(key in exports)) Object.defineProperty(exports, key, { enumerable: true, get: () => actual[key as keyof TestUtils] })
}
