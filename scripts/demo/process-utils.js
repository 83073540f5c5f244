/** Small process helpers of scripts/demo.js (plain JS: the demo runs before anything is built). */
const http = require("http")

function log(source, message) {
  console.log(`[${source}] ${message}`)
}

/** Resolves once `url` answers with a status below 500 (the server is up), or rejects after timeoutMs. */
function waitForHttp(url, timeoutMs, name) {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const request = http.get(url, (response) => {
        response.resume()
        if (response.statusCode !== undefined && response.statusCode < 500) resolve(response.statusCode)
        else retry()
      })
      request.setTimeout(5_000, () => request.destroy())
      request.on("error", retry)
    }
    const retry = () => {
      if (Date.now() > deadline) reject(new Error(`${name} did not answer on ${url} within ${timeoutMs / 1000} s`))
      else setTimeout(attempt, 500)
    }
    attempt()
  })
}

/** SIGTERM to the child's process group, SIGKILL after 10 s if it has not exited. */
function stopChild(name, child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal)
      } catch {
        // The group is already gone.
      }
    }
    const timer = setTimeout(() => killGroup("SIGKILL"), 10_000)
    child.once("exit", () => {
      clearTimeout(timer)
      log("demo", `${name} stopped`)
      resolve()
    })
    killGroup("SIGTERM")
  })
}

/**
 * Fails fast (before minutes of migrations) when a port the demo needs is taken, naming the env
 * variable that moves it. Checks the wildcard address, which also catches loopback listeners.
 */
async function assertPortsFree(ports) {
  const net = require("net")
  for (const { port, name, env } of ports) {
    await new Promise((resolve, reject) => {
      const probe = net.createServer()
      probe.once("error", () =>
        reject(new Error(`port ${port} (${name}) is already in use: stop what uses it or set ${env}=<another port>`))
      )
      probe.listen(port, () => probe.close(resolve))
    })
  }
}

module.exports = { log, waitForHttp, stopChild, assertPortsFree }
