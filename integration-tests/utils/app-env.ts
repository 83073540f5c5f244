import { getFreePort } from "./free-port"

/** Where the app under test listens, known once the suite's first beforeAll ran. */
export interface AppAddress {
  readonly appPort: number
  /** Loopback URL of the app; also the provider's storeUrl, so bank callbacks reach this app. */
  readonly appUrl: string
}

/**
 * Sets env vars for the rest of the test file and returns a function that puts the previous values
 * back. Needed because medusa-config.ts reads env when the runner loads it in its own beforeAll.
 */
export function setEnvForSuite(vars: Record<string, string>): () => void {
  const previous = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]))
  Object.assign(process.env, vars)
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** Reads a value that a beforeAll fills in, with a clear error when used too early. */
export function lateValue<T>(holder: { value?: T }, what: string): T {
  if (holder.value === undefined) {
    throw new Error(`${what} is only known after the suite's beforeAll ran (use it inside a test)`)
  }
  return holder.value
}

/**
 * Fixes the app's port (PORT) and public URL (MEDUSA_BACKEND_URL) for this test file.
 *
 * Call it at the top level of the spec BEFORE `medusaIntegrationTestRunner(...)`: Jest runs a
 * file's top-level beforeAll before the runner's (which sits in a nested describe), so the env is
 * in place when the runner loads medusa-config.ts and starts the app.
 */
export function useAppAddress(): AppAddress {
  return oncePerFile("useAppAddress", "", createAppAddress)
}

function createAppAddress(): AppAddress {
  const port: { value?: number } = {}
  let restoreEnv = (): void => undefined
  beforeAll(async () => {
    port.value = await getFreePort()
    restoreEnv = setEnvForSuite({
      PORT: String(port.value),
      MEDUSA_BACKEND_URL: `http://127.0.0.1:${port.value}`,
    })
  })
  afterAll(() => restoreEnv())
  return {
    get appPort() {
      return lateValue(port, "appPort")
    },
    get appUrl() {
      return `http://127.0.0.1:${lateValue(port, "appPort")}`
    },
  }
}

// Jest gives every test file its own module registry, so these live as long as one file.
const perFile = new Map<string, { key: string; value: unknown }>()
const betweenSpecs: Array<() => Promise<void>> = []

/**
 * What an app group does before each of its spec files but the first, to give it what it had
 * alone: e.g. the shared sandbox bank back to empty, with no faults left by the spec before.
 */
export function beforeNextSpecOfGroup(reset: () => Promise<void>): void {
  betweenSpecs.push(reset)
}

/** Runs the resets registered with beforeNextSpecOfGroup (runAppGroup calls it). */
export async function resetBetweenSpecs(): Promise<void> {
  for (const reset of betweenSpecs) await reset()
}

/**
 * What a test file sets up once for its one app (its address, its sandbox bank): an app group
 * (app-test-runner.ts `runAppGroup`) loads several spec files into one file and one app, and their
 * calls must then share it. A second call with other settings cannot share: it fails loudly
 * rather than pointing the app at one bank and the spec at another.
 */
export function oncePerFile<T>(kind: string, key: string, create: () => T): T {
  const existing = perFile.get(kind)
  if (existing) {
    if (existing.key !== key) {
      throw new Error(
        `${kind} was already called in this test file with other settings (${existing.key} vs ${key}): specs of one app group must share them`
      )
    }
    return existing.value as T
  }
  const value = create()
  perFile.set(kind, { key, value })
  return value
}
