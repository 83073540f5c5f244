/**
 * Which stores the install test installs the plugin into, and how each package manager is driven.
 *
 * The stores: the oldest Medusa the plugin's peer ranges accept (the floor: the lowest version of
 * its `@medusajs/framework` range) and the newest 2.x on the registry, each with npm and with pnpm.
 * TBC_INSTALL_STORES="2.13.0:npm,2.21.2:pnpm" chooses others by hand (to try a lower floor);
 * "floor" and "newest" stand for those two versions there ("floor:npm,newest:pnpm": CI's stores on
 * Node 22 and 24, scripts/node-versions.js).
 */
import { execFileSync } from "child_process"
import fs from "fs"
import path from "path"

export type PackageManager = "npm" | "pnpm"

/** The two packed tarballs a store adds: the plugin, and the sandbox bank as a dev dependency. */
export interface Tarballs {
  plugin: string
  sandbox: string
}

export interface StoreCase {
  /** @medusajs/{medusa,framework,cli,admin-sdk} of the store, exactly */
  medusa: string
  pm: PackageManager
  /** "floor" | "newest" | "chosen": why this version */
  role: string
  /** for names of logs and databases: "2-18-0-npm" */
  label: string
}

export interface StoreDependencies {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** Medusa's packages that the dtc-starter's backend names (caching and draft-order from 2.10/2.11 on). */
const MEDUSA_PACKAGES = [
  "admin-sdk",
  "admin-shared",
  "caching",
  "cli",
  "dashboard",
  "draft-order",
  "framework",
  "medusa",
]

/** The dashboard's dependencies that the dtc-starter's backend names too, pinned like the dashboard. */
const PINNED_LIKE_THE_DASHBOARD = ["@medusajs/ui", "@tanstack/react-query", "react-i18next", "react-router-dom", "zod"]

/** The starter's build tools (`medusa build` needs typescript; the admin build vite and react). */
const BUILD_TOOLS = [
  "@swc/core",
  "@types/node",
  "@types/react",
  "@types/react-dom",
  "prop-types",
  "react",
  "react-dom",
  "ts-node",
  "typescript",
  "vite",
]

/** pnpm's major: the one the official dtc-starter declares (`packageManager: pnpm@10.x`). */
export const PNPM_MAJOR = 10

const caseOf = (medusa: string, pm: PackageManager, role: string): StoreCase => ({
  medusa,
  pm,
  role,
  label: `${medusa.replace(/\./g, "-")}-${pm}`,
})

/** The lowest Medusa version the plugin's peers accept: `^2.N.P` of @medusajs/framework → 2.N.P. */
export function floorVersion(packageJson: { peerDependencies?: Record<string, string> }): string {
  const range = packageJson.peerDependencies?.["@medusajs/framework"] ?? ""
  const floor = /^\^(2\.\d+\.\d+)$/.exec(range)
  if (!floor) throw new Error(`peerDependencies["@medusajs/framework"] is "${range}": expected ^2.N.P`)
  return floor[1]
}

/** The newest 2.x of @medusajs/medusa on the registry (no preview or snapshot: `^2` skips them). */
export function newestVersion(): string {
  const versions = JSON.parse(
    execFileSync("npm", ["view", "@medusajs/medusa@^2", "version", "--json"], { encoding: "utf8" })
  )
  return Array.isArray(versions) ? versions[versions.length - 1] : versions
}

/** The stores of this run: floor and newest, each with npm and pnpm; or TBC_INSTALL_STORES. */
export function storeCases(repoRoot: string, chosen = process.env.TBC_INSTALL_STORES): StoreCase[] {
  const floor = () => floorVersion(JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")))
  if (chosen?.trim()) return chosenStores(chosen, floor, newestVersion)
  return defaultStores(floor(), newestVersion())
}

/** TBC_INSTALL_STORES: "<2.N.P | floor | newest>:<npm | pnpm>" entries, comma separated. */
export function chosenStores(chosen: string, floor: () => string, newest: () => string): StoreCase[] {
  let newestSeen: string | undefined // one registry look-up for all the entries
  return chosen.split(",").map((entry) => {
    const [version, pm] = entry.trim().split(":")
    const named = version === "floor" || version === "newest"
    if ((!named && !/^2\.\d+\.\d+$/.test(version)) || (pm !== "npm" && pm !== "pnpm"))
      throw new Error(`TBC_INSTALL_STORES entry "${entry}": expected <2.N.P|floor|newest>:<npm|pnpm>`)
    if (!named) return caseOf(version, pm, "chosen")
    return caseOf(version === "floor" ? floor() : (newestSeen ??= newest()), pm, version)
  })
}

/** Floor and newest, each with npm and pnpm (one of each when they are the same version). */
function defaultStores(floor: string, newest: string): StoreCase[] {
  const versions =
    floor === newest
      ? [[floor, "floor and newest"]]
      : [
          [floor, "floor"],
          [newest, "newest"],
        ]
  return versions.flatMap(([version, role]) => [caseOf(version, "npm", role), caseOf(version, "pnpm", role)])
}

const view = (spec: string, field: string): Record<string, string> =>
  JSON.parse(execFileSync("npm", ["view", spec, field, "--json"], { encoding: "utf8" }) || "{}")

/**
 * A store's dependencies for one Medusa version, as Medusa's dtc-starter makes its backend's
 * (apps/backend/package.json of medusajs/dtc-starter): Medusa's packages pinned exactly, the
 * dashboard and admin-shared among them (a pnpm store must name them: `medusa build` imports them
 * from the store), and what that version's dashboard pins, pinned alike (the starter pins
 * `@medusajs/ui` 4.2.0 beside 2.18.0: a peer range it does not satisfy is the ERESOLVE a store
 * owner meets). The build tools at the versions this repository is developed with, unless Medusa
 * of that version asks a range of its own (2.8 wants vite ^5): then that range.
 */
export function storeDependencies(
  medusaVersion: string,
  repoDevDependencies: Record<string, string>
): StoreDependencies {
  const medusa = view(`@medusajs/medusa@${medusaVersion}`, "dependencies")
  const dashboard = view(`@medusajs/dashboard@${medusaVersion}`, "dependencies")
  const peers = {
    ...view(`@medusajs/medusa@${medusaVersion}`, "peerDependencies"),
    ...view(`@medusajs/framework@${medusaVersion}`, "peerDependencies"),
  }
  const missing = PINNED_LIKE_THE_DASHBOARD.filter((name) => !dashboard[name])
  if (missing.length > 0) throw new Error(`@medusajs/dashboard@${medusaVersion} names no ${missing.join(", ")}`)
  const ours = MEDUSA_PACKAGES.map((name) => `@medusajs/${name}`).filter(
    (name) => !["@medusajs/caching", "@medusajs/draft-order"].includes(name) || medusa[name]
  )
  return {
    dependencies: Object.fromEntries([
      ...ours.map((name) => [name, medusaVersion]),
      ...PINNED_LIKE_THE_DASHBOARD.map((name) => [name, dashboard[name]]),
    ]),
    devDependencies: Object.fromEntries(
      BUILD_TOOLS.map((name) => {
        const version = peers[name] ?? repoDevDependencies[name]
        if (!version) throw new Error(`the repository has no devDependency ${name} to give the store`)
        return [name, version]
      })
    ),
  }
}

/**
 * The store owner's commands, exactly as a README gives them: install the store, then add the
 * plugin's tarball. No flag: what speeds the test up (npm's cache first, no audit) goes through
 * npm_config_* in the environment (`quietEnv`), which changes nothing about resolving peers.
 */
export const COMMANDS: Record<
  PackageManager,
  { install: string[]; add: (tarball: string) => string[]; addDev: (tarball: string) => string[] }
> = {
  npm: {
    install: ["install"],
    add: (tarball) => ["install", tarball],
    addDev: (tarball) => ["install", "-D", tarball],
  },
  pnpm: { install: ["install"], add: (tarball) => ["add", tarball], addDev: (tarball) => ["add", "-D", tarball] },
}

export const quietEnv = {
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_prefer_offline: "true",
  npm_config_update_notifier: "false",
}

/**
 * Peer complaints about the plugin in a package manager's output: npm's ERESOLVE (an error, or a
 * warning "overriding peer dependency"), pnpm's "Issues with peer dependencies found" entries under
 * medusa-payment-tbc (pnpm only warns; a store on the dtc-starter saw 7 such warnings).
 */
export function peerComplaints(pm: PackageManager, output: string): string[] {
  const lines = output.split("\n") // the logs are files: no colour codes
  // npm: the ERESOLVE lines and the peer it could not satisfy (`peer @medusajs/x@"^2.21.2" from …`)
  if (pm === "npm") return lines.filter((line) => /ERESOLVE|peer dep|\bpeer \S+@"/i.test(line))
  const start = lines.findIndex((line) => line.includes("Issues with peer dependencies found"))
  if (start < 0) return []
  const complaints: string[] = []
  let inPlugin = false
  for (const line of lines.slice(start + 1)) {
    // a top-level entry of pnpm's tree ("├─┬ name version" at column 0) starts a package's subtree
    const top = /^[├└]─[┬─] (\S+)/.exec(line)
    if (top) inPlugin = top[1] === "medusa-payment-tbc"
    if (inPlugin && /peer/.test(line)) complaints.push(line.trim())
  }
  return complaints
}

/** Fails clearly when pnpm is missing or of another major (`.ci/run` installs it). */
export function checkPnpm(): string {
  let version: string
  try {
    version = execFileSync("pnpm", ["--version"], { encoding: "utf8" }).trim()
  } catch {
    throw new Error(`pnpm is not installed: npm install -g pnpm@${PNPM_MAJOR} (.ci/run does it when missing)`)
  }
  if (Number(version.split(".")[0]) !== PNPM_MAJOR)
    throw new Error(`pnpm ${version} found; the install test drives pnpm ${PNPM_MAJOR} (the dtc-starter's)`)
  return version
}
