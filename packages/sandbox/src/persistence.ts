/**
 * The sandbox's state on disk (`dataFile` / `--data` / TBC_SANDBOX_DATA): payments, saved cards,
 * applications, the status feed, the clock offset and live tokens, so a restarted demo still knows
 * its old orders' payments and the saved cards it offered.
 *
 * Written after every request that changed something (the JSON is compared with what was last
 * written), atomically: a temp file in the same directory, then a rename, so a crash mid-write
 * never leaves half a file. A file that is not a sandbox state is a clear start error, never a
 * silent reset (that would lose the demo's payments without a word).
 */
import fs from "node:fs"
import path from "node:path"
import { z } from "zod/v4"
import type { SandboxBank } from "./bank"
import { trackOpenPayment } from "./payment-machine"
import type { SandboxApplication, SandboxPayment, SavedCard, TokenRecord } from "./store"
import type { FeedSnapshot } from "./feed"

const FORMAT_VERSION = 1

interface SandboxSnapshot {
  version: number
  clockOffsetMs: number
  payments: SandboxPayment[]
  savedCards: SavedCard[]
  applications: SandboxApplication[]
  feed: FeedSnapshot
  tokens: [string, TokenRecord][]
}

const minor = z.number().int()
/** The fields the handlers rely on are checked; the rest of each record is kept as saved. */
const snapshotSchema = z.object({
  version: z.literal(FORMAT_VERSION),
  clockOffsetMs: z.number(),
  payments: z.array(
    z.looseObject({
      payId: z.string().min(1),
      status: z.enum(["Created", "Succeeded", "Failed", "Expired", "WaitingConfirm", "Returned", "PartialReturned"]),
      currency: z.string(),
      amountMinor: minor,
      confirmedMinor: minor,
      returnedMinor: minor,
      releasedMinor: minor,
      preAuth: z.boolean(),
      methods: z.array(z.number().int()),
      createdAt: z.number(),
      expiresAt: z.number(),
      partialReturnDays: z.array(z.number()),
      history: z.array(z.looseObject({ status: z.string(), at: z.number() })),
    })
  ),
  savedCards: z.array(
    z.looseObject({
      recId: z.string().min(1),
      payId: z.string(),
      cardMask: z.string(),
      expiryDate: z.string(),
      active: z.boolean(),
      deleted: z.boolean(),
    })
  ),
  applications: z.array(
    z.looseObject({
      sessionId: z.string().min(1),
      priceTotalMinor: minor,
      statusId: z.number().int(),
      products: z.array(z.unknown()),
      history: z.array(z.unknown()),
    })
  ),
  feed: z.object({
    items: z.array(z.looseObject({ seq: z.number().int(), sessionId: z.string(), statusId: z.number().int() })),
    nextSeq: z.number().int().positive(),
    pages: z.array(z.tuple([z.string(), z.number().int()])),
  }),
  tokens: z.array(z.tuple([z.string(), z.looseObject({ kind: z.string(), expiresAt: z.number() })])),
})

export class SandboxDataError extends Error {}

function snapshotOf(bank: SandboxBank): SandboxSnapshot {
  const { store } = bank
  return {
    version: FORMAT_VERSION,
    clockOffsetMs: store.clock.offset,
    payments: [...store.payments.values()],
    savedCards: [...store.savedCards.values()],
    applications: [...store.applications.values()],
    feed: store.feed.snapshot(),
    tokens: [...store.tokens].filter(([, record]) => record.expiresAt > bank.now()),
  }
}

function restore(bank: SandboxBank, snapshot: SandboxSnapshot): void {
  const { store } = bank
  store.clearBusinessState()
  store.clock.setOffset(snapshot.clockOffsetMs)
  for (const payment of snapshot.payments) {
    store.payments.set(payment.payId, payment)
    if (payment.merchantPaymentId) store.byMerchantPaymentId.set(payment.merchantPaymentId, payment.payId)
    if (payment.status === "Created") trackOpenPayment(bank, payment)
  }
  for (const card of snapshot.savedCards) store.savedCards.set(card.recId, card)
  for (const application of snapshot.applications) store.applications.set(application.sessionId, application)
  store.feed.restore(snapshot.feed)
  for (const [token, record] of snapshot.tokens) store.tokens.set(token, record)
}

/** Loads `file` into the bank when it exists; throws SandboxDataError naming the file when it is not a sandbox state. */
export function loadState(bank: SandboxBank, file: string): void {
  let text: string
  try {
    text = fs.readFileSync(file, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return // first start: created on the first change
    throw new SandboxDataError(`cannot read the sandbox data file ${file}: ${(error as Error).message}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new SandboxDataError(
      `the sandbox data file ${file} is not valid JSON (${(error as Error).message}); move it away or fix it, it was left untouched`
    )
  }
  const checked = snapshotSchema.safeParse(parsed)
  if (!checked.success) {
    const first = checked.error.issues[0]
    const where = first ? `${first.path.join(".") || "(root)"}: ${first.message}` : "unknown shape"
    throw new SandboxDataError(
      `the sandbox data file ${file} is not a sandbox state (${where}); move it away or fix it, it was left untouched`
    )
  }
  restore(bank, checked.data as unknown as SandboxSnapshot)
}

/** A saver for `file`: writes the state when it differs from what was last written (temp file + rename). */
export function stateSaver(bank: SandboxBank, file: string): () => void {
  let lastWritten = fs.existsSync(file) ? JSON.stringify(snapshotOf(bank)) : ""
  let sequence = 0
  return () => {
    const text = JSON.stringify(snapshotOf(bank))
    if (text === lastWritten) return
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${++sequence}.tmp`)
    try {
      fs.writeFileSync(temp, text)
      fs.renameSync(temp, file)
      lastWritten = text
    } catch (error) {
      bank.log(`could not save the sandbox state to ${file}: ${(error as Error).message}`)
      fs.rmSync(temp, { force: true })
    }
  }
}
