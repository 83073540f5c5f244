/**
 * Timing of the cart → installment products mapping for 10 … 100,000 lines (median of several
 * batches of runs, and the fastest batch), with the growth ratio per ×10 lines next to the
 * n log n bound (see GROWTH_TOLERANCE). Timed in main-thread CPU time where Linux offers it (see
 * mainThreadCpuNs); the verdict uses the fastest batch, the one least disturbed by others.
 * Exits 1 when 10,000 lines take 50 ms or more, or the growth is more than GROWTH_TOLERANCE ×
 * that of n log n.
 *
 * Run: npm run bench (or npx ts-node --swc bench/installment-products.bench.ts).
 */
import { readFileSync } from "node:fs"
import { toInstallmentProducts, type InstallmentCartLine } from "../src/lib/installment-products"

/**
 * Nanoseconds the main thread has spent on a CPU (Linux schedstat), or null where unavailable.
 * Why not wall time: on a loaded machine (the 2 shared cores of CI) the scheduler hands the
 * bench a few ms at a time, and a 50 ms run then takes 300 ms of wall time; the main thread's own
 * CPU time still counts all of our work, including the garbage collection it does itself.
 */
function mainThreadCpuNs(): bigint | null {
  try {
    return BigInt(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0])
  } catch {
    return null
  }
}
const CLOCK = mainThreadCpuNs() === null ? "wall time" : "main-thread CPU time"

const SIZES = [10, 1_000, 10_000, 100_000]
const RUNS = 7
const WARMUP_RUNS = 5
const BATCH_MS = 150
/**
 * Allowed time growth per ×10 lines, as a multiple of the n log n growth. Not 1: at 100,000 lines
 * the 150,000 product objects outgrow V8's default young generation (16 MB semi-space) and the
 * caches, which adds time that is not the algorithm's. Measured (main-thread CPU, load 12 on 2
 * cores): 10,000 → 100,000 lines ×14.4–15.5 against n log n's ×12.5; 1,000 → 10,000 ×11.6–14.1
 * against ×13.3. With NODE_OPTIONS=--max-semi-space-size=64 the 100,000 step drops to ~×12.
 */
const GROWTH_TOLERANCE = 1.5
const TARGET_MS_AT_10K = 50

/** A deterministic cart: mixed prices, quantities, item discounts and tax; target = 87% + shipping. */
function cartOf(size: number): { lines: InstallmentCartLine[]; targetMinor: number } {
  const lines = Array.from({ length: size }, (_, i) => {
    const quantity = (i % 7) + 1
    const unitPriceMinor = ((i * 7919) % 250_000) + (i % 5 === 0 ? 0 : 1)
    const gross = quantity * unitPriceMinor
    return {
      name: `Line ${i} of a cart with ${size} lines`,
      quantity,
      unitPriceMinor,
      discountMinor: i % 3 === 0 ? Math.floor(gross / 10) : 0,
      taxMinor: Math.round(gross * 0.18),
    }
  })
  const own = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceMinor - l.discountMinor + l.taxMinor, 0)
  return { lines, targetMinor: Math.round(own * 0.87) + 1_999 }
}

/**
 * Per-run time of `size` lines: RUNS batches, each repeating the mapping until it has used about
 * BATCH_MS (schedstat is only updated at scheduler ticks, a few ms apart, so a single short run
 * cannot be timed by it), divided by the repetitions.
 */
function timeMs(size: number): { median: number; fastest: number } {
  const cart = cartOf(size)
  // warm-up: JIT compilation, and the young generation grown to this size's garbage
  for (let run = 0; run < WARMUP_RUNS; run++) toInstallmentProducts(cart)
  // double the repetitions until one batch takes BATCH_MS of wall time (≥ that much CPU)
  let repetitions = 1
  for (;;) {
    const start = process.hrtime.bigint()
    for (let k = 0; k < repetitions; k++) toInstallmentProducts(cart)
    if (Number(process.hrtime.bigint() - start) / 1e6 >= BATCH_MS) break
    repetitions *= 2
  }
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const start = mainThreadCpuNs() ?? process.hrtime.bigint()
    for (let k = 0; k < repetitions; k++) toInstallmentProducts(cart)
    const end = mainThreadCpuNs() ?? process.hrtime.bigint()
    times.push(Number(end - start) / 1e6 / repetitions)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(times.length / 2)], fastest: times[0] }
}

const nLogN = (n: number): number => n * Math.log2(n)

const rows = SIZES.map((size) => ({ size, ...timeMs(size) }))
console.log(`installment products mapping, ms per run, ${RUNS} batches of ~${BATCH_MS} ms per size, ${CLOCK}`)
console.log("lines   | median ms | fastest ms | ×fastest vs previous | ×(n log n) vs previous")
let previous: (typeof rows)[number] | undefined
let tooSteep = false
for (const row of rows) {
  const growth = previous ? row.fastest / previous.fastest : undefined
  const bound = previous ? nLogN(row.size) / nLogN(previous.size) : undefined
  // the ×100 step from 10 lines is all fixed costs; judge the ×10 steps only
  if (
    growth !== undefined &&
    bound !== undefined &&
    previous &&
    row.size / previous.size === 10 &&
    growth > bound * GROWTH_TOLERANCE
  ) {
    tooSteep = true
  }
  const cells = [
    String(row.size).padEnd(7),
    row.median.toFixed(4).padStart(9),
    row.fastest.toFixed(4).padStart(10),
    (growth?.toFixed(2) ?? "-").padStart(20),
    (bound?.toFixed(2) ?? "-").padStart(22),
  ]
  console.log(cells.join(" | "))
  previous = row
}
const at10k = rows.find((row) => row.size === 10_000)!
console.log(
  `10,000 lines: median ${at10k.median.toFixed(2)} ms, fastest ${at10k.fastest.toFixed(2)} ms (target < ${TARGET_MS_AT_10K} ms)`
)
if (at10k.fastest >= TARGET_MS_AT_10K || tooSteep) {
  console.error(tooSteep ? `FAIL: time grows faster than ${GROWTH_TOLERANCE} × n log n` : "FAIL: 10,000 lines too slow")
  process.exit(1)
}
