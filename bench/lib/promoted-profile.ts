/**
 * Where the syncing process's old-generation garbage comes from: V8's sampling heap profiler,
 * keeping the samples of objects a major GC would collect and dropping those the young-generation
 * GC already collected. What is left at the end is what was promoted (or allocated directly in
 * the old generation), i.e. what makes the peak grow. Used by installment-sync-exec.ts when
 * BENCH_SYNC_PROMOTED_PROFILE=<file> is set; `topSites` prints the largest allocation sites.
 */
import { Session } from "node:inspector"
import { readFileSync, writeFileSync } from "node:fs"

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number }
  selfSize: number
  children?: ProfileNode[]
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T)))
  )
}

/** Starts sampling; the returned function stops it and writes the profile to `file`. */
export async function startPromotedProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session()
  session.connect()
  await post(session, "HeapProfiler.startSampling", {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  })
  return async () => {
    const { profile } = await post<{ profile: unknown }>(session, "HeapProfiler.stopSampling")
    writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
  }
}

/** The `count` allocation sites with the most sampled bytes: [MiB, "function file:line"]. */
export function topSites(file: string, count = 20): [number, string][] {
  const bySite = new Map<string, number>()
  const visit = (node: ProfileNode): void => {
    const { functionName, url, lineNumber } = node.callFrame
    const site = `${functionName || "(anonymous)"} ${url.split("node_modules/").pop()}:${lineNumber + 1}`
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize)
    node.children?.forEach(visit)
  }
  visit((JSON.parse(readFileSync(file, "utf8")) as { head: ProfileNode }).head)
  return [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([site, bytes]) => [bytes / 2 ** 20, site])
}

if (require.main === module) {
  for (const [mib, site] of topSites(process.argv[2], Number(process.argv[3] ?? 20))) {
    console.log(`${mib.toFixed(1).padStart(7)} MiB  ${site}`)
  }
}
