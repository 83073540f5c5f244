/**
 * What the admin browser test needs besides the app: the admin dashboard built once (with this
 * plugin's page and widget) where the app serves it from, a Chromium driven by playwright-core,
 * and a way to re-enable the admin that Medusa's test runner always disables.
 */
import fs from "fs"
import path from "path"
import { configManager as medusaConfigManager } from "@medusajs/framework/config"

const ROOT = path.join(__dirname, "..", "..")
/** Where Medusa's admin loader serves a production admin build from (`<root>/public/admin`). */
export const ADMIN_BUILD_DIR = path.join(ROOT, "public", "admin")
export const ADMIN_SOURCE_DIR = path.join(ROOT, "src", "admin")
/** Code outside src/admin that the admin bundle imports: the label tables and the routes' view types. */
const ADMIN_SHARED_DIRS = [path.join(ROOT, "src", "lib"), path.join(ROOT, "src", "api", "admin", "tbc", "helpers")]
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
export const ARTIFACTS_DIR = path.join(ROOT, "test-artifacts")

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

/**
 * Builds the admin (Medusa's dashboard + src/admin) unless a build newer than every file in
 * src/admin and the helpers it imports exists. backendUrl "" = same origin as the page, so the build works on any app port.
 * Returns how long the build took (0 when reused).
 */
export async function ensureAdminBuild(): Promise<number> {
  const index = path.join(ADMIN_BUILD_DIR, "index.html")
  const newestSource = Math.max(newestMtime(ADMIN_SOURCE_DIR), ...ADMIN_SHARED_DIRS.map(newestMtime))
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > newestSource) {
    return 0
  }
  const started = Date.now()
  const bundler = (await import("@medusajs/admin-bundler")) as unknown as {
    build(options: Record<string, unknown>): Promise<void>
  }
  const cwd = process.cwd()
  process.chdir(ROOT) // the bundler writes .medusa/client relative to cwd
  try {
    await bundler.build({
      sources: [ADMIN_SOURCE_DIR],
      plugins: [],
      path: "/app",
      backendUrl: "",
      storefrontUrl: "",
      outDir: path.relative(ROOT, ADMIN_BUILD_DIR),
    })
  } finally {
    process.chdir(cwd)
  }
  return Date.now() - started
}

/**
 * Medusa's test runner always sets `admin.disable = true` when it loads medusa-config; this
 * wraps the config manager (the same module instance the runner imports) so the admin stays on
 * for this one test file. Call at the top level, before `medusaIntegrationTestRunner`.
 */
export function keepAdminEnabled(): void {
  // only the part of the config manager this wrapper touches
  const configManager = medusaConfigManager as unknown as {
    loadConfig(args: { projectConfig: { admin?: { disable?: boolean } } }): unknown
  }
  const original = configManager.loadConfig.bind(configManager)
  configManager.loadConfig = (args) => {
    if (args.projectConfig.admin) {
      args.projectConfig.admin.disable = false
    }
    return original(args)
  }
}

/** An admin user with an emailpass identity, for logging in through the dashboard's login form. */
export async function createAdminUser(
  container: { resolve(key: string): any },
  credentials: { email: string; password: string }
): Promise<void> {
  const auth = container.resolve("auth")
  const users = container.resolve("user")
  const user = await users.createUsers({ email: credentials.email, first_name: "Nino", last_name: "Admin" })
  const { success, authIdentity, error } = await auth.register("emailpass", { body: credentials })
  if (!success || !authIdentity) {
    throw new Error(`createAdminUser: ${credentials.email} could not be registered: ${error}`)
  }
  await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
}
