/**
 * The interleaved plugin-vs-raw timing loop of overhead.bench.ts: each pair's two sides run
 * alternately first and second, ITERATIONS times after WARMUP untimed rounds.
 */
import { timed } from "./stats"

export const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000)
export const WARMUP = 200

export interface Pair {
  name: string
  rawName: string
  /** untimed setup per iteration: what both sides need */
  setup?: (i: number) => Promise<{ plugin: unknown; raw: unknown }>
  plugin: (i: number, arg: unknown) => Promise<unknown>
  raw: (i: number, arg: unknown) => Promise<unknown>
}

export type Samples = { plugin: number[]; raw: number[]; pluginCpu: number[]; rawCpu: number[] }

export async function measure(pairs: Pair[]): Promise<Map<string, Samples>> {
  const samples = new Map<string, Samples>(
    pairs.map((p) => [p.name, { plugin: [], raw: [], pluginCpu: [], rawCpu: [] }])
  )
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    for (const pair of pairs) {
      const args = pair.setup ? await pair.setup(i) : { plugin: undefined, raw: undefined }
      const runPlugin = () => timed(() => pair.plugin(i, args.plugin))
      const runRaw = () => timed(() => pair.raw(i, args.raw))
      let p: [number, number]
      let r: [number, number]
      if (i % 2 === 0) {
        p = await runPlugin()
        r = await runRaw()
      } else {
        r = await runRaw()
        p = await runPlugin()
      }
      if (i >= WARMUP) {
        const s = samples.get(pair.name)!
        s.plugin.push(p[0])
        s.raw.push(r[0])
        s.pluginCpu.push(p[1])
        s.rawCpu.push(r[1])
      }
    }
  }
  return samples
}
