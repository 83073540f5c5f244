/**
 * What the admin browser test needs besides the app: the admin dashboard built once (with this
 * plugin's page and widget) where the app serves it from, a Chromium driven by playwright-core,
 * and a way to re-enable the admin that Medusa's test runner always disables.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { configManager as medusaConfigManager } from "@medusajs/framework/config"
import { filesUnder, hashOfFiles } from "../utils/source-hash"

const ROOT = path.join(__dirname, "..", "..")
/** Where Medusa's admin loader serves a production admin build from (`<root>/public/admin`). */
export const ADMIN_BUILD_DIR = path.join(ROOT, "public", "admin")
export const ADMIN_SOURCE_DIR = path.join(ROOT, "src", "admin")
/** Code outside src/admin that the admin bundle imports: the label tables and the routes' view types. */
const ADMIN_SHARED_DIRS = [path.join(ROOT, "src", "lib"), path.join(ROOT, "src", "api", "admin", "tbc", "helpers")]
export const ARTIFACTS_DIR = path.join(ROOT, "test-artifacts")

/** A hash of everything the build is made from: src/admin, what it imports, the locked packages. */
function adminSourceHash(): string {
  const files = [ADMIN_SOURCE_DIR, ...ADMIN_SHARED_DIRS].flatMap(filesUnder).sort()
  return hashOfFiles(ROOT, [...files, path.join(ROOT, "package-lock.json")])
    .digest("hex")
    .slice(0, 12)
}

const CACHE_PREFIX = "tbc-admin-build-"

/**
 * Builds the admin (Medusa's dashboard + src/admin) into public/admin, where the app serves it,
 * unless a build of the same sources is kept: the build (~45 s of CPU, the largest part of this
 * file) is kept in the machine's temp folder under a hash of its sources, so a fresh clone on a
 * machine that built them before (CI after a session, a second checkout) copies it instead; the
 * hash makes a stale build impossible. backendUrl "" = same origin as the page, so the build works
 * on any app port. Returns how long the build took (0 when reused).
 */
export async function ensureAdminBuild(): Promise<number> {
  const cached = path.join(os.tmpdir(), CACHE_PREFIX + adminSourceHash())
  if (fs.existsSync(path.join(cached, "index.html"))) {
    fs.rmSync(ADMIN_BUILD_DIR, { recursive: true, force: true })
    fs.cpSync(cached, ADMIN_BUILD_DIR, { recursive: true })
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
  keepBuild(cached)
  return Date.now() - started
}

/** Copies the build to the cache (whole or not at all) and drops builds of older sources. */
function keepBuild(cached: string): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (name.startsWith(CACHE_PREFIX)) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true })
  }
  const partial = `${cached}.${process.pid}.partial`
  fs.cpSync(ADMIN_BUILD_DIR, partial, { recursive: true })
  try {
    fs.renameSync(partial, cached)
  } catch {
    // another checkout kept the same build meanwhile
    fs.rmSync(partial, { recursive: true, force: true })
  }
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
