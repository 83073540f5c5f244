/**
 * The installment status-changes feed: a FIFO of changes that stay until a status-changes-sync
 * with the synchronizationRequestId of the page that delivered them acknowledges them.
 *
 * Why a head index instead of Array.shift/splice: benchmarks sync 100,000 changes in pages,
 * and shifting is O(n) per item. Every page is the oldest `take` pending items, i.e. a prefix
 * of the queue, so acknowledging a page = dropping every pending item with seq ≤ the page's last
 * seq: amortised O(1) per item.
 */
import { newSyncId } from "./ids"

export interface FeedItem {
  seq: number
  sessionId: string
  statusId: number
  changeDate: string
  amountMinor: number
  contributionMinor: number
}

export interface FeedSnapshot {
  items: FeedItem[]
  nextSeq: number
  pages: [string, number][]
}

export class StatusFeed {
  private items: FeedItem[] = []
  private head = 0
  private nextSeq = 1
  /** synchronizationRequestId → last seq of the page it was issued with */
  private readonly pages = new Map<string, number>()

  push(item: Omit<FeedItem, "seq">): FeedItem {
    const full = { ...item, seq: this.nextSeq++ }
    this.items.push(full)
    return full
  }

  get size(): number {
    return this.items.length - this.head
  }

  /** The oldest `take` pending items and a new synchronizationRequestId covering them. */
  page(take: number): { synchronizationRequestId: string; items: FeedItem[] } {
    const items = this.items.slice(this.head, this.head + take)
    const synchronizationRequestId = newSyncId()
    const lastSeq = items.length > 0 ? items[items.length - 1].seq : this.nextSeq - 1
    this.pages.set(synchronizationRequestId, lastSeq)
    return { synchronizationRequestId, items }
  }

  /** Whether an id was ever issued by `page` (used ids stay known: a repeated sync is a no-op). */
  knows(synchronizationRequestId: string): boolean {
    return this.pages.has(synchronizationRequestId)
  }

  /** Drops the items the page of that id delivered (and any older ones); returns how many. */
  acknowledge(synchronizationRequestId: string): number {
    const lastSeq = this.pages.get(synchronizationRequestId)
    if (lastSeq === undefined) {
      return 0
    }
    const before = this.head
    while (this.head < this.items.length && this.items[this.head].seq <= lastSeq) {
      this.head++
    }
    const dropped = this.head - before
    this.compact()
    return dropped
  }

  /** Everything needed to rebuild the feed after a restart (persistence.ts). */
  snapshot(): FeedSnapshot {
    return { items: this.pending(), nextSeq: this.nextSeq, pages: [...this.pages] }
  }

  /** Replaces the feed with a snapshot's. */
  restore(snapshot: FeedSnapshot): void {
    this.items = snapshot.items.map((item) => ({ ...item }))
    this.head = 0
    this.nextSeq = snapshot.nextSeq
    this.pages.clear()
    for (const [id, lastSeq] of snapshot.pages) this.pages.set(id, lastSeq)
  }

  pending(): FeedItem[] {
    return this.items.slice(this.head)
  }

  clear(): void {
    this.items = []
    this.head = 0
    this.pages.clear()
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
  }
}
