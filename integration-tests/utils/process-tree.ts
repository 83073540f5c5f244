/**
 * Which processes descend from a pid (Linux /proc), remembered across snapshots: a process whose
 * parent died is re-parented to init, so "every descendant we ever saw" is what must be gone.
 * Each process is keyed by pid + start time, so a reused pid is not mistaken for a survivor.
 */
import fs from "fs"

interface ProcessEntry {
  pid: number
  ppid: number
  startTime: string
  command: string
}

function readProcess(pid: number): ProcessEntry | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    // "pid (comm) state ppid …": comm may contain spaces and parentheses, so split after the last ")"
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    if (fields[0] === "Z") return undefined // a zombie has exited; only its parent's wait() is missing
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim()
    return { pid, ppid: Number(fields[1]), startTime: fields[19], command }
  } catch {
    return undefined
  }
}

function processTable(): ProcessEntry[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => readProcess(Number(name)) ?? [])
}

export class ProcessTreeWatch {
  private readonly seen = new Map<string, ProcessEntry>()

  constructor(private readonly rootPid: number) {}

  /** Adds the current descendants of the root (and of any descendant seen before) to the record. */
  snapshot(): number {
    const table = processTable()
    // a child caught between fork and exec still shows its parent's command line: refresh what
    // each process seen before runs now (same pid and start time: the same process, after exec)
    for (const entry of table) {
      const key = `${entry.pid}:${entry.startTime}`
      if (this.seen.has(key)) this.seen.set(key, entry)
    }
    const known = new Set([this.rootPid, ...[...this.seen.values()].map((entry) => entry.pid)])
    let grew = true
    while (grew) {
      grew = false
      for (const entry of table) {
        if (known.has(entry.ppid) && !known.has(entry.pid)) {
          known.add(entry.pid)
          this.seen.set(`${entry.pid}:${entry.startTime}`, entry)
          grew = true
        }
      }
    }
    return this.seen.size
  }

  /** Commands of every process ever seen below the root. */
  commands(): string[] {
    return [...this.seen.values()].map((entry) => entry.command)
  }

  /** The recorded descendants that still run (same pid and start time). */
  survivors(): ProcessEntry[] {
    return [...this.seen.values()].filter((entry) => readProcess(entry.pid)?.startTime === entry.startTime)
  }
}
