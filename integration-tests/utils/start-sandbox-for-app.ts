import { startSandbox } from "../../packages/sandbox/src"
import { AppAddress, beforeNextSpecOfGroup, lateValue, oncePerFile, setEnvForSuite, useAppAddress } from "./app-env"

type SandboxOptions = NonNullable<Parameters<typeof startSandbox>[0]>
type SandboxHandle = Awaited<ReturnType<typeof startSandbox>>

export interface SandboxForApp extends AppAddress {
  /** Base URL of the sandbox bank, also what the providers use as `environment`. */
  readonly sandboxUrl: string
  /** The running sandbox, e.g. for its control API helpers. */
  readonly sandbox: SandboxHandle
}

/**
 * Starts the local TBC sandbox bank on a free loopback port for this test file and points the app
 * at it (TBC_ENVIRONMENT), fixing the app's own port and URL too (see useAppAddress), so the
 * sandbox's callbacks reach the app under test.
 *
 * Call at the top level of the spec BEFORE `medusaIntegrationTestRunner(...)`:
 *
 *   const bank = startSandboxForApp()
 *   medusaIntegrationTestRunner({ inApp: true, dbName: "tbc-it-x", testSuite: ({ api }) => {
 *     it("...", async () => { bank.sandboxUrl; bank.appUrl }) } })
 */
export function startSandboxForApp(
  options: Partial<SandboxOptions> = {},
  /**
   * more env for the app of this file, e.g. { TBC_PREAUTH: "true" } (read when the runner loads
   * medusa-config.ts), or a function giving it once the app's address is known
   */
  appEnv: Record<string, string> | ((app: AppAddress) => Promise<Record<string, string>>) = {}
): SandboxForApp {
  const key = JSON.stringify({ options, appEnv: typeof appEnv === "function" ? appEnv.toString() : appEnv })
  return oncePerFile("startSandboxForApp", key, () => createSandboxForApp(options, appEnv))
}

function createSandboxForApp(
  options: Partial<SandboxOptions>,
  appEnv: Record<string, string> | ((app: AppAddress) => Promise<Record<string, string>>)
): SandboxForApp {
  const app = useAppAddress()
  const running: { value?: SandboxHandle } = {}
  let restoreEnv = (): void => undefined
  beforeAll(async () => {
    running.value = await startSandbox({ strict: true, ...options, port: 0 } as SandboxOptions)
    const extra = typeof appEnv === "function" ? await appEnv(app) : appEnv
    restoreEnv = setEnvForSuite({ ...extra, TBC_ENVIRONMENT: running.value.url })
  })
  afterAll(async () => {
    restoreEnv()
    await running.value?.close()
  })
  // in an app group, each spec file meets an empty bank with no faults, as its own sandbox was
  beforeNextSpecOfGroup(async () => {
    if (running.value) await fetch(`${running.value.url}/_sandbox/reset`, { method: "POST" })
  })
  return {
    get appPort() {
      return app.appPort
    },
    get appUrl() {
      return app.appUrl
    },
    get sandboxUrl() {
      return lateValue(running, "sandboxUrl").url
    },
    get sandbox() {
      return lateValue(running, "sandbox")
    },
  }
}
