#!/usr/bin/env node
/**
 * Why this exists: the npm registry mirror reachable from our CI holds only some platform
 * builds of a few native packages (@swc/core-*, @rollup/rollup-*, @msgpackr-extract/*).
 * `npm install` then leaves those optional, foreign-platform entries out of package-lock.json,
 * and `npm ci` refuses the lockfile as "out of sync". Every missing entry is an optional
 * dependency for another OS/CPU that npm would skip anyway, so we record it with the
 * os/cpu/libc read from its name: `npm ci` accepts the lockfile and never downloads them.
 *
 * Run after any `npm install` that rewrites the lockfile: `node scripts/complete-lockfile.js`.
 */
const fs = require("fs")
const path = require("path")

const lockPath = path.join(__dirname, "..", "package-lock.json")
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"))
const pkgs = lock.packages

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "openharmony", "sunos", "netbsd", "aix"]
const CPU = {
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  arm: "arm",
  ppc64: "ppc64",
  s390x: "s390x",
  riscv64: "riscv64",
  loong64: "loong64",
}

function platformOf(name) {
  const parts = name.split("/").pop().split("-")
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts.map((p) => CPU[p]).find(Boolean)
  if (!os || !cpu) return null
  const libc = os === "linux" ? (parts.some((p) => p.startsWith("musl")) ? "musl" : "glibc") : undefined
  return { os, cpu, libc }
}

let added = 0
for (const [key, entry] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies || {})) {
    const base = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`
    if (pkgs[base] || pkgs[`node_modules/${dep}`]) continue
    const platform = platformOf(dep)
    if (!platform) continue
    const here = { os: process.platform, cpu: process.arch }
    if (platform.os === here.os && platform.cpu === here.cpu && platform.libc !== "musl") {
      throw new Error(`${dep}@${version} is for this very platform but missing: run npm install again`)
    }
    pkgs[`node_modules/${dep}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    }
    added++
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0))
)
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + "\n")
console.log(`complete-lockfile: recorded ${added} foreign-platform optional entries`)
