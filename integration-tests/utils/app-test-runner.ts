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
 * And one that makes tests independent: after each test, what the app started in the background
 * (delayed webhook events, subscribers, workflows: app-idle.ts) finishes before the runner restores
 * the database for the next test, so no late write of one test lands in the next one's data.
 */
import path from "path"
import { cloneMigratedTemplate, saveMigratedTemplate } from "./migrated-template"
import { setWebhookDelay, TEST_WEBHOOK_DELAY_MS } from "./webhook-delay"
import { resetBetweenSpecs } from "./app-env"
import { trackAppWork, waitForAppIdle } from "./app-idle"

type TestUtils = typeof import("@medusajs/test-utils")
type RunnerConfig = Parameters<TestUtils["medusaIntegrationTestRunner"]>[0]

// the real package, by path: the bare name would be mapped back to this file
const PACKAGE_DIR = path.dirname(require.resolve("@medusajs/test-utils/package.json"))
// eslint-disable-next-line @typescript-eslint/no-require-imports
const actual: TestUtils = require(PACKAGE_DIR)
// the runner's own database copy (no bookkeeping of its "restore next" flags), for app groups
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runnerTemplates = require(path.join(PACKAGE_DIR, "dist/medusa-test-runner-utils/postgres-template.js")) as {
  createPostgresDatabaseTemplate(input: { databaseName: string; templateName: string }): Promise<void>
  dropPostgresDatabaseTemplate(templateName: string): Promise<void>
}
const { dropPostgresDatabaseTemplate } = runnerTemplates

/**
 * The runner's copy of the live app's database, retried while PostgreSQL still counts another
 * session on it. The runner closes the database to new sessions and ends the open ones, but the
 * app's pool can have a session half-way through its start at that moment (past the "may connect"
 * check, not yet in pg_stat_activity to be ended): CREATE DATABASE … TEMPLATE then waits 5 s for
 * it and fails with "source database … is being accessed by other users" (seen in CI, 2026-11-27,
 * on the installments group). A second round ends that session too. Put in the runner's module
 * export, which the runner's own snapshot after the boot reads at call time (test-utils 2.21.2).
 */
const createOnce = runnerTemplates.createPostgresDatabaseTemplate
async function createPostgresDatabaseTemplate(input: { databaseName: string; templateName: string }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createOnce(input)
    } catch (error) {
      if (attempt >= 4 || !/being accessed by other users/.test(String((error as Error).message))) throw error
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
    }
  }
}
runnerTemplates.createPostgresDatabaseTemplate = createPostgresDatabaseTemplate

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

export function medusaIntegrationTestRunner(
  config: RunnerConfig
): ReturnType<TestUtils["medusaIntegrationTestRunner"]> {
  // inside runAppGroup's loading: the spec's suite joins the group's one app instead of booting
  if (collecting) {
    collecting.push(config)
    return undefined as unknown as ReturnType<TestUtils["medusaIntegrationTestRunner"]>
  }
  return runWithTemplate(config)
}

function runWithTemplate(config: RunnerConfig): ReturnType<TestUtils["medusaIntegrationTestRunner"]> {
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
        trackAppWork(options.getContainer())
      })
      // after each test, before the next one's database restore
      afterEach(() => waitForAppIdle(options.getContainer()))
      return config.testSuite(options)
    },
  })
}

// the suites of the spec files runAppGroup is loading (undefined when it is not loading any)
let collecting: RunnerConfig[] | undefined

// jest-circus keeps the file's test timeout (jest.setTimeout) on the global under this symbol
const TEST_TIMEOUT = Symbol.for("TEST_TIMEOUT_SYMBOL")

/**
 * Several app spec files, ONE Medusa boot (a boot costs ~15 s of CPU on this machine, more than
 * most of these files' tests). A group file loads the spec files (named *.app.ts so that jest
 * does not also run them alone); their `medusaIntegrationTestRunner(...)` calls are collected and
 * run as one describe each inside one runner. What each file had alone, it still has:
 * - the same app settings: specs of a group must set up the same sandbox and app env (a spec
 *   asking for other settings fails at load, see oncePerFile in app-env.ts);
 * - its own database state: each file's suite starts from the freshly booted app's database (a
 *   template taken right after the boot), its beforeAll hooks run on that, and the runner
 *   restores what they left before each of its tests, as it did for the file alone;
 * - an empty sandbox bank with no faults (beforeNextSpecOfGroup in app-env.ts);
 * - its timeout: the longest any of them set.
 * A spec file of a group runs alone with `npx jest <group file> -t "<its describe name>"`.
 */
export function runAppGroup(dbName: string, specs: Record<string, () => unknown>): void {
  collecting = []
  const suites: Array<{ name: string; config: RunnerConfig }> = []
  let timeout = 0
  try {
    for (const [name, load] of Object.entries(specs)) {
      const before = collecting.length
      load()
      if (collecting.length !== before + 1)
        throw new Error(`app group: ${name} must call medusaIntegrationTestRunner exactly once`)
      suites.push({ name, config: collecting[before] })
      timeout = Math.max(timeout, Number((globalThis as Record<symbol, unknown>)[TEST_TIMEOUT] ?? 0))
    }
  } finally {
    collecting = undefined
  }
  if (timeout > 0) jest.setTimeout(timeout)
  const [first] = suites
  for (const { name, config } of suites) {
    if (
      config.inApp !== first.config.inApp ||
      config.cwd ||
      config.medusaConfigFile ||
      JSON.stringify(config.env ?? {}) !== JSON.stringify(first.config.env ?? {})
    ) {
      throw new Error(`app group: ${name} needs another app (runner options differ from ${first.name})`)
    }
  }
  const pristine = `${dbName}-booted`
  runWithTemplate({
    ...first.config,
    dbName,
    testSuite: (options) => {
      // the database as the boot left it, for each file's suite to start from
      beforeAll(() => createPostgresDatabaseTemplate({ databaseName: dbName, templateName: pristine }))
      afterAll(() => dropPostgresDatabaseTemplate(pristine))
      suites.forEach(({ name, config }, index) => {
        describe(name, () => {
          if (index > 0) {
            beforeAll(async () => {
              await options.dbUtils.restore({ templateName: pristine })
              await resetBetweenSpecs()
            })
          }
          config.testSuite(options)
          // after the suite's own beforeAll hooks: what the runner restores before each test
          beforeAll(() => createPostgresDatabaseTemplate({ databaseName: dbName, templateName: `${dbName}-template` }))
        })
      })
    },
  })
}

export const moduleIntegrationTestRunner: TestUtils["moduleIntegrationTestRunner"] = actual.moduleIntegrationTestRunner

// everything else of the package, unchanged
for (const key of Object.keys(actual)) {
  if (!(key in exports))
    Object.defineProperty(exports, key, { enumerable: true, get: () => actual[key as keyof TestUtils] })
}
