/**
 * Why the plugin keeps its own zod (docs/architecture.md "zod"): reads a payment answer
 * (readPaymentDetails, the hot path of every bank call) with the pinned zod 3.25.76's `zod/v4`
 * entry and with Medusa's own zod (`@medusajs/framework/zod` = @medusajs/deps' zod 4.2.0),
 * each in its own process, alternating, and prints the medians. Not part of `npm run bench`.
 *
 *   npm run build && node bench/medusa-zod.js
 */
const { execFileSync } = require("child_process")
const Module = require("module")
const path = require("path")

const ROOT = path.resolve(__dirname, "..")
const BODY = {
  payId: "abc123",
  status: "Succeeded",
  currency: "GEL",
  amount: 20.2,
  confirmedAmount: 20.2,
  returnedAmount: 0,
  links: [{ uri: "https://bank.test/pay", method: "REDIRECT", rel: "approval_url" }],
  transactionId: "t1",
  preAuth: false,
  recurringCard: null,
  paymentMethod: 5,
  rrn: "123",
  resultCode: "approved",
  developerMessage: null,
  userMessage: null,
  httpStatusCode: 200,
  merchantPaymentId: "payses_1",
}

function measure(useMedusaZod) {
  if (useMedusaZod) {
    // resolve our "zod/v4" imports to the zod Medusa's framework re-exports
    const medusaZod = path.join(ROOT, "node_modules/@medusajs/deps/node_modules/zod")
    const resolve = Module._resolveFilename
    Module._resolveFilename = function (request, ...rest) {
      return resolve.call(this, request === "zod/v4" || request === "zod" ? medusaZod : request, ...rest)
    }
  }
  const { readPaymentDetails } = require(path.join(ROOT, ".medusa/server/src/lib/tbc/responses.js"))
  const ctx = { operation: "getPayment", status: 200 }
  for (let i = 0; i < 20000; i++) readPaymentDetails(BODY, ctx)
  const runs = []
  for (let r = 0; r < 7; r++) {
    const n = 20000
    const start = process.hrtime.bigint()
    for (let i = 0; i < n; i++) readPaymentDetails(BODY, ctx)
    runs.push(Number(process.hrtime.bigint() - start) / n / 1000)
  }
  return runs.sort((a, b) => a - b)[3]
}

if (process.argv[2] === "--child") {
  process.stdout.write(String(measure(process.argv[3] === "medusa")))
} else {
  const results = { pinned: [], medusa: [] }
  for (let i = 0; i < 5; i++) {
    for (const which of ["pinned", "medusa"]) {
      results[which].push(Number(execFileSync(process.execPath, [__filename, "--child", which], { encoding: "utf8" })))
    }
  }
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]
  console.log(`readPaymentDetails, median of 5 processes (each the median of 7 × 20,000 calls):`)
  console.log(`  zod 3.25.76, zod/v4 entry (the plugin's):  ${median(results.pinned).toFixed(2)} µs`)
  console.log(`  @medusajs/framework/zod (zod 4.2.0):       ${median(results.medusa).toFixed(2)} µs`)
}
