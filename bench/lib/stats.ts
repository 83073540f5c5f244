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
}
