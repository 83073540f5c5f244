/** Small statistics and table helpers shared by the benches. */

export function percentile(sortedAsc: number[], p: number): number {
  if (sortedAsc.length === 0) return NaN
  const index = Math.min(sortedAsc.length - 1, Math.max(0, Math.ceil((p / 100) * sortedAsc.length) - 1))
  return sortedAsc[index]
}

export function summary(samples: number[]): { n: number; median: number; p99: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length)
  return { n: sorted.length, median: percentile(sorted, 50), p99: percentile(sorted, 99), mean }
}

/** Prints rows as an aligned table (also valid Markdown, for BENCHMARKS.md). */
export function printTable(header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))]
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)))
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`
  console.log(line(cells[0]))
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`)
  for (const r of cells.slice(1)) console.log(line(r))
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at a time. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      await task(i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
}

export const ms = (ns: bigint): number => Number(ns) / 1e6
export const fmt = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : "n/a")

/** A Medusa-shaped logger that drops everything (the benches print their own lines). */
export const silentLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  log: () => undefined,
  // as Medusa's logger at its default level ("info"): debug lines are not wanted
  shouldLog: (level: string) => level !== "debug",
}

/**
 * Wall time (ms) and this process's CPU time (µs) of one call. On a shared 2-core machine the wall
 * time of a ~1 ms loopback call is noisy; the CPU this process spends per call is the plugin's
 * own cost and is much steadier (the bench process runs nothing else meanwhile).
 */
export async function timed(fn: () => Promise<unknown>): Promise<[wallMs: number, cpuMicros: number]> {
  const c0 = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  await fn()
  const wall = Number(process.hrtime.bigint() - t0) / 1e6
  const c = process.cpuUsage(c0)
  return [wall, c.user + c.system]
}
