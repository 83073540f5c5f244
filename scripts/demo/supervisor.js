/**
 * The demo's process tree and how it stops. Every process the demo starts is registered here and
 * runs in its own process group; one shutdown stops them all, newest first, whatever asked for it:
 *  - SIGINT / SIGTERM / SIGHUP to this process (Ctrl-C; `kill <pid>`; `npm run demo` forwards the
 *    signal it gets to its child, which is this process because the script `exec`s node);
 *  - the parent going away (`npm` killed with SIGKILL, a closed terminal): a child of a dead
 *    parent is re-parented, so a changed `process.ppid` means nobody is left to stop the demo;
 *  - a long-running child exiting on its own (the demo is useless without it).
 * One-shot steps (migrations, seed) are asynchronous so that a signal during them is handled at once.
 */
const { spawn } = require("child_process")
const { stopChild, log } = require("./process-utils")

const PARENT_CHECK_MS = 1_000

function createSupervisor({ cwd }) {
  const children = []
  const cleanups = []
  let stopping = false
  let parentWatch = null

  function track(name, command, args, env, { oneShot }) {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: oneShot ? ["ignore", "inherit", "inherit"] : ["ignore", "inherit", "inherit"],
      detached: true,
    })
    const entry = { name, child }
    children.push(entry)
    child.once("exit", () => {
      if (oneShot) children.splice(children.indexOf(entry), 1)
    })
    return child
  }

  /** Runs a one-shot command to completion; rejects with its name if it fails or the demo stops. */
  function runStep(name, command, args, env) {
    log("demo", `${name}: ${command} ${args.join(" ")}`)
    const child = track(name, command, args, env, { oneShot: true })
    return new Promise((resolve, reject) => {
      child.once("error", (error) => reject(new Error(`${name} could not start: ${error.message}`)))
      child.once("exit", (code, signal) => {
        if (code === 0) resolve()
        else reject(new Error(stopping ? `${name} stopped` : `${name} failed (exit ${signal || code})`))
      })
    })
  }

  /** Starts a long-running child; if it exits on its own the whole demo stops. */
  function startChild(name, command, args, env) {
    const child = track(name, command, args, env, { oneShot: false })
    child.once("exit", (code, signal) => {
      if (!stopping) {
        log("demo", `${name} exited (${signal || code}); stopping the demo`)
        shutdown(1)
      }
    })
    return child
  }

  /** Something to stop that is not a child process of ours (embedded PostgreSQL, the storefront server). */
  function onShutdown(cleanup) {
    cleanups.push(cleanup)
  }

  async function shutdown(exitCode) {
    if (stopping) return
    stopping = true
    if (parentWatch) clearInterval(parentWatch)
    log("demo", "stopping…")
    for (const { name, child } of children.slice().reverse()) await stopChild(name, child)
    for (const cleanup of cleanups.slice().reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch(() => undefined)
    log("demo", "stopped")
    process.exit(exitCode)
  }

  /** Wires the signals and the parent watch; call once, first thing. */
  function install() {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => shutdown(0))
    const parent = process.ppid
    parentWatch = setInterval(() => {
      if (process.ppid !== parent) {
        log("demo", "the process that started the demo is gone")
        shutdown(0)
      }
    }, PARENT_CHECK_MS)
    parentWatch.unref()
  }

  return { install, runStep, startChild, onShutdown, shutdown, isStopping: () => stopping }
}

module.exports = { createSupervisor }
