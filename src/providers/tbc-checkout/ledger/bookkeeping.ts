/**
 * The checkout provider's side of the money ledger (src/modules/tbc/ledger/ledger-store.ts), in one
 * place so every money step of the base class is one line: an entry is opened BEFORE each bank call
 * that can move money (fail closed: no entry, no call), every bank answer or read moves it, and the
 * orphan policy runs when a session goes away.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { LedgerEvent, OperationKind } from "../../../lib/ledger/states"
import type { CheckoutApi, PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import { factsChange, hasFacts, mergeFacts, paymentFactsOf } from "../../../lib/payment-facts"
import { gel, minorOf, refundedMinor, type Data } from "../money-moves/money-moves"
import { noticeBankReturn, recordInMedusa, settleCaptureExcess } from "../money-moves/bank-returns"
import { awaitsMedusaRecord } from "../../../lib/ledger/bank-returns"
import { ledgerRecordedRefundsMinor } from "../../../lib/refund-ledger"
import {
  OperationUnderWayError,
  recordError,
  type Commit,
  type LedgerEntry,
  type LedgerStore,
  type OpenEntry,
} from "../../../modules/tbc/ledger/ledger-store"
import { captureRequestEntryId } from "./capture-request"
import { recordAuthorized } from "../../common/authorization-ledger"

/** Who moved an entry, in the audit trail. */
/**
 * A refund from Medusa while a return the bank made by itself is not in Medusa yet is refused,
 * nothing sent: the plugin is recording that return as Medusa's refund, and counting it as this
 * refund's too would show it twice (or send money the bank already returned).
 */
function refuseWhileBankReturnUnrecorded(operations: readonly LedgerEntry[]): void {
  const waiting = operations.filter(awaitsMedusaRecord)
  if (waiting.length === 0) return
  const total = waiting.reduce((sum, op) => sum + op.amount, 0)
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The refund was not sent: the bank already returned ${gel(total, waiting[0].currency)} of this payment by itself ` +
      "(in TBC's merchant dashboard), and the store is recording that in Medusa now (no money moves). " +
      "Reload the order in a moment, then refund what is left."
  )
}

/** What the shopper reads when the store released this payment's money while the order was being placed. */
export const RELEASED_MESSAGE =
  "The store has released this payment, so it cannot be used for an order; its money goes back to your card. Please pay again."

export const ACTORS = {
  answer: "bank:answer",
  callback: "bank:callback",
  authorize: "provider:authorize",
  admin: "provider:admin-request",
} as const

/** Where a charge belongs in Medusa: what the session-creation workflow put into the session data. */
export interface ChargeContext {
  payment_session_id: string
  cart_id?: string | null
  payment_collection_id?: string | null
}

/** The cart and collection the session-creation workflow wrote into the session data (server-only keys). */
export const LEDGER_DATA = { cartId: "tbc_cart_id", collectionId: "tbc_payment_collection_id" } as const

export function chargeContextOf(sessionId: string, data: Record<string, unknown> | undefined): ChargeContext {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null)
  return {
    payment_session_id: sessionId,
    cart_id: text(data?.[LEDGER_DATA.cartId]),
    payment_collection_id: text(data?.[LEDGER_DATA.collectionId]),
  }
}

/**
 * A provider without a ledger (its container holds no database connection) never moves money:
 * only a unit test may build one that records nothing (UNRECORDED_FOR_UNIT_TESTS).
 */
export const noLedgerError = (what: string) =>
  new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The ${what} was not sent to the bank: the payment provider has no money ledger (no database connection in its container), and it never moves money without a record.`
  )

const cannotRecord = (what: string) =>
  new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The ${what} could not be started: the store could not record it. Nothing was charged; please try again in a moment.`
  )

/** A second operation while one is under way on the charge: a clear refusal, nothing sent. */
const underWay = (error: OperationUnderWayError) =>
  new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The ${error.kind} was not sent to the bank: ${error.message}. ` +
      "Try again once it has finished; if it stays unanswered, re-check it in Settings → TBC Bank."
  )

/**
 * Keeps what the bank showed for the charge before an operation's call (its baseline), durably;
 * throws (nothing may be sent) when it cannot. A cancel's or refund's work calls it after its
 * first read and BEFORE any call that can move money: its commit is what makes the operation's
 * entry durable (OPEN_COMMIT).
 */
export type RecordBaseline = (details: PaymentDetails) => Promise<void>

/**
 * How an operation's entry is opened (docs/money-ledger.md "Durability"). A completion's call
 * follows its open: durable. A cancel or refund first reads the bank, then keeps that read as
 * its baseline, durably, before its cancel call (money-moves/money-moves.ts cancelHeldOrTaken,
 * money-moves/refund.ts; nothing is sent when it cannot be kept): PostgreSQL flushes its log in
 * order, so that commit makes the open durable too, and the open need not wait for the disk
 * itself. Before the baseline only a read of the bank was made, which moves no money.
 */
const OPEN_COMMIT: Record<OperationKind, Commit> = { completion: "durable", cancel: "relaxed", refund: "relaxed" }
/** No entry to keep it on (a payment from before the ledger, or a unit test's unrecorded provider). */
const noBaseline: RecordBaseline = async () => undefined

/**
 * The refunds of the charge Medusa recorded, by the ledger every instance shares (tetri; see
 * ledgerRecordedRefundsMinor); undefined when the charge has no entry. Read after the operation's
 * own entry opened: an earlier refund's entry has then closed (one open operation per charge).
 */
export type RecordedRefunds = () => Promise<number | undefined>
const noRecordedRefunds: RecordedRefunds = async () => undefined

/** The charge's operations as an operation's baseline statement read them, when it was asked to (a refund's). */
interface SeenOperations {
  wanted: boolean
  operations?: LedgerEntry[]
}

export class PaymentBookkeeping {
  constructor(
    /** undefined when the container has no database connection: money calls are then refused */
    readonly ledger: LedgerStore | undefined,
    private readonly checkout: () => Pick<CheckoutApi, "getPayment" | "cancelPayment" | "completePayment">,
    private readonly logger: TbcLogger,
    readonly providerId: string,
    /** a unit test's provider without a ledger: money calls go to the bank unrecorded */
    private readonly unrecordedForUnitTests = false
  ) {}

  /** Without a ledger, a money call is refused (a unit test's unrecorded provider excepted). */
  private refuseWithoutLedger(what: string): void {
    if (!this.unrecordedForUnitTests) throw noLedgerError(what)
  }

  /**
   * Opens a charge entry before its bank call. Fails closed: when the ledger cannot be written the
   * shopper gets an error and the bank is never asked (the plugin never charges without a record).
   */
  async openCharge(
    kind: "web" | "execution",
    context: ChargeContext,
    money: { amountMinor: number; currency: string; cardMask?: string | null }
  ): Promise<LedgerEntry | undefined> {
    if (!this.ledger) {
      this.refuseWithoutLedger("payment")
      return undefined
    }
    const seed: OpenEntry = {
      kind,
      provider_id: this.providerId,
      ...context,
      amount: money.amountMinor,
      currency: money.currency,
      merchant_payment_id: context.payment_session_id,
      card_mask: money.cardMask ?? null,
    }
    try {
      return await this.ledger.open(seed, "provider:" + (kind === "web" ? "initiate" : "authorize"))
    } catch (error) {
      this.logger.error(`ledger entry for session ${context.payment_session_id} not written: ${recordError(error)}`)
      throw cannotRecord("payment")
    }
  }

  /**
   * Moves an entry (as this call holds it: no read) by a bank answer or refusal; a ledger failure
   * is logged (the bank already acted). The commit is relaxed (../../../modules/tbc/ledger/moves.ts):
   * the entry was written durably before the call, and a lost answer leaves it as written then.
   * The entry as it now is, when known.
   */
  async move(
    entry: LedgerEntry | undefined,
    event: LedgerEvent,
    actor: string = ACTORS.answer
  ): Promise<LedgerEntry | undefined> {
    if (!this.ledger || !entry) return undefined
    const result = await this.ledger.apply(entry, event, actor, { commit: "relaxed" }).catch((error) => ({
      ok: false as const,
      entry: undefined,
      reason: recordError(error),
    }))
    if (!result.ok) this.logger.warn(`ledger entry ${entry.id}: ${event.type} not applied: ${result.reason}`)
    return result.entry
  }

  /**
   * A bank read of a payment we know by payId (callback, authorize, job): bookkeeping, never fails
   * the caller. With the whole answer (`details`), what it says happened (card mask, method, rrn,
   * transactionId, resultCode) is kept on the entry too, written only when it adds something (a
   * repeated callback costs no write). Returns the entry as it now is, for the caller's next
   * decisions (pairing, authorization) without reading it again.
   */
  async read(
    payId: string,
    status: unknown,
    actor: string = ACTORS.answer,
    details?: Partial<PaymentDetails>
  ): Promise<LedgerEntry | undefined> {
    if (!this.ledger || !payId) return undefined
    try {
      const result = await this.ledger.applyByPayId(
        payId,
        { type: "bank_status", status: String(status), payId },
        actor
      )
      const entry = result?.entry
      // money the bank returned by itself (TBC's merchant dashboard) is recorded at the read that shows it
      if (entry && details?.status !== undefined) await noticeBankReturn(this.ledger, entry, details, this.logger)
      const facts = details ? paymentFactsOf(details) : undefined
      if (!entry || !facts || !hasFacts(facts) || !factsChange(entry, facts)) return entry
      return (await this.keepFacts(payId, details!)) ? { ...entry, ...mergeFacts(entry, facts) } : entry
    } catch (error) {
      this.logger.warn(`ledger: bank status of ${payId} not recorded: ${recordError(error)}`)
      return undefined
    }
  }

  /** What a bank answer says happened (mask, method, rrn, …), kept on the entry; never fails the caller. */
  async keepFacts(payId: string, details: Partial<PaymentDetails>): Promise<boolean> {
    if (!this.ledger || !payId) return false
    return this.ledger.recordFacts(payId, paymentFactsOf(details)).catch((error) => {
      this.logger.warn(`ledger: what the bank said of ${payId} not recorded: ${recordError(error)}`)
      return false
    })
  }

  /**
   * Our authorizePayment tells Medusa the money is there: a Medusa payment is made from it. The
   * ledger's compare-and-set decides it against a release of the same money (admin "Release
   * hold", the orphan policy): once a release was claimed this throws, and Medusa gets no
   * authorized payment, so never both an order and a returned hold. Throws too when the ledger
   * cannot be read or record it (../../common/authorization-ledger.ts, shared with installments).
   * `known`: the entry as the caller's bank read just left it (no second read).
   */
  async authorized(payId: string, known?: LedgerEntry): Promise<void> {
    await recordAuthorized(this.ledger, payId, {
      actor: ACTORS.authorize,
      logger: this.logger,
      refusal: RELEASED_MESSAGE,
      known,
    })
  }

  /**
   * Runs an operation (completion, cancel, refund) of the charge `payId` with its own ledger entry:
   * opened before the call (fail closed), then `done` with the bank's status, `refused` when we or
   * the bank refused readably, `uncertain` otherwise. The charge itself is moved by the status the
   * operation's answer reports. `work` hands the bank's read it starts with to `baseline` before
   * its call: the entry keeps it, and a re-check judges the operation by what changed since. A
   * refund also asks `recordedRefunds` what the ledger says Medusa recorded (../money-moves/refund.ts).
   */
  async operation<T extends { data?: Record<string, unknown> }>(
    kind: OperationKind,
    payId: string,
    amountMinor: number,
    work: (baseline: RecordBaseline, recordedRefunds: RecordedRefunds) => Promise<T>
  ): Promise<T> {
    const ledger = this.ledger
    if (!ledger) {
      this.refuseWithoutLedger(kind)
      return work(noBaseline, noRecordedRefunds)
    }
    // the charge's entry is read by the same statement that opens the operation on it (fail closed:
    // without it the operation could not be recorded either)
    let opened: { charge: LedgerEntry; op: LedgerEntry } | undefined
    try {
      opened = payId
        ? await ledger.openOperationOn(payId, { kind, amountMinor, providerId: this.providerId }, ACTORS.admin, {
            commit: OPEN_COMMIT[kind],
          })
        : undefined
    } catch (error) {
      if (error instanceof OperationUnderWayError) throw underWay(error)
      this.logger.error(`ledger: ${kind} of ${payId} not checked and opened: ${recordError(error)}`)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The ${kind} could not be checked against the store's records; nothing was sent to the bank. Please try again.`
      )
    }
    // a payment made before the ledger existed (plugin 0.1.0) has no charge entry to hang it on
    if (!opened) return work(noBaseline, noRecordedRefunds)
    const { charge, op } = opened
    const chargeId = charge.id
    // a capture's excess (../money-moves/bank-returns.ts) is looked at only when the refund's own
    // read of the charge's operations showed one still listed: no statement for any other refund
    let excessListed = false
    // a refund's baseline statement reads the charge's operations too (LedgerStore.recordRefundBaseline)
    const seen: SeenOperations = { wanted: kind === "refund" }
    const result = await this.runOperation(ledger, op, charge, payId, seen, (baseline) =>
      work(baseline, async () => {
        const operations = await this.refundsOf(ledger, chargeId, seen.operations)
        excessListed = operations.some(
          (o) => o.kind === "completion" && o.capture_asked != null && !o.excess_returned_at
        )
        return ledgerRecordedRefundsMinor(operations, ACTORS.answer)
      })
    )
    if (excessListed) await settleCaptureExcess(ledger, chargeId, this.logger)
    return result
  }

  /** The charge's operations a refund judges by (RecordedRefunds); refused while a return made at the bank waits for Medusa; fails closed (nothing is sent) when they cannot be read. */
  private async refundsOf(ledger: LedgerStore, chargeId: string, known?: LedgerEntry[]): Promise<LedgerEntry[]> {
    let operations: LedgerEntry[]
    try {
      operations = known ?? (await ledger.operationsOf(chargeId))
    } catch (error) {
      this.logger.error(`ledger: refunds of ${chargeId} not read: ${recordError(error)}`)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The refund could not be checked against the store's records; nothing was sent to the bank. Please try again."
      )
    }
    refuseWhileBankReturnUnrecorded(operations)
    return operations
  }

  /**
   * The operation's baseline, durably (the bank call follows); fails closed (nothing is sent)
   * when it cannot be kept. The entry as written (its revision is the next move's guard).
   */
  private async keepBaseline(
    ledger: LedgerStore,
    op: LedgerEntry,
    details: PaymentDetails,
    seen: SeenOperations
  ): Promise<LedgerEntry> {
    const baseline = {
      status: String(details.status),
      returnedMinor: refundedMinor(details),
      confirmedMinor: minorOf(details.confirmedAmount),
    }
    const write = seen.wanted
      ? ledger.recordRefundBaseline(op, baseline, ACTORS.admin).then((written) => {
          seen.operations = written?.operations
          return written?.entry
        })
      : ledger.recordBaseline(op, baseline, ACTORS.admin)
    const kept = await write.catch((error) => {
      this.logger.error(`ledger entry ${op.id}: baseline not written: ${recordError(error)}`)
      return undefined
    })
    if (!kept) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The ${op.kind} could not be recorded; nothing was sent to the bank. Please try again.`
      )
    }
    return kept
  }

  /**
   * The completion this capture was opened for by a capture of less than the hold
   * (src/workflows/payments/capture-part.ts), which runs Medusa's capture inside its request
   * (./capture-request.ts); undefined for any other capture (the whole hold). The entry must be
   * that charge's completion and still unsent, else nothing is sent (fails closed, as when the
   * ledger cannot be read: a whole completion in its place would take more than was asked).
   */
  async captureIntent(payId: string): Promise<LedgerEntry | undefined> {
    if (!this.ledger) this.refuseWithoutLedger("capture")
    const entryId = captureRequestEntryId()
    if (!entryId) return undefined
    const notSent = (why: string) => {
      this.logger.error(`ledger: capture of ${payId} for entry ${entryId} not sent: ${why}`)
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "The capture could not be checked against the store's records; nothing was sent to the bank. Please try again."
      )
    }
    if (!this.ledger || !payId) throw notSent("no ledger or payId")
    let intent: LedgerEntry | undefined
    let charge: LedgerEntry | undefined
    try {
      ;[intent, charge] = await Promise.all([this.ledger.byId(entryId), this.ledger.byPayId(payId)])
    } catch (error) {
      throw notSent(recordError(error))
    }
    if (!intent || !charge || intent.kind !== "completion" || intent.parent_id !== charge.id) {
      throw notSent("the entry is not a completion of this payment")
    }
    if (intent.state !== "sending") throw notSent(`the entry is ${intent.state}`)
    return intent
  }

  /**
   * Medusa's refund, cancel or capture run by the plugin to show what the bank did by itself
   * (../money-moves/bank-returns.ts recordInMedusa): no bank call, the entry marked recorded once.
   */
  async recordedInMedusa(args: Omit<Parameters<typeof recordInMedusa>[1], "data"> & { data?: Data }) {
    if (!this.ledger) throw noLedgerError(args.kind)
    return recordInMedusa(this.ledger, { ...args, data: args.data ?? {} })
  }

  /** operation() for an entry already opened (a partial capture's, by the capture route). */
  async runIntent<T extends { data?: Record<string, unknown> }>(
    op: LedgerEntry,
    payId: string,
    work: () => Promise<T>
  ): Promise<T> {
    if (this.ledger) return this.runOperation(this.ledger, op, undefined, payId, { wanted: false }, () => work())
    this.refuseWithoutLedger(op.kind)
    return work()
  }

  /**
   * The operation's call (`work`) between its ledger writes: the baseline it records before its
   * bank call, then the answer, which moves the operation and its charge in ONE relaxed statement
   * (`settle`). `charge`: the charge's entry as operation() read it (undefined: read it here).
   */
  private async runOperation<T extends { data?: Record<string, unknown> }>(
    ledger: LedgerStore,
    op: LedgerEntry,
    charge: LedgerEntry | undefined,
    payId: string,
    seen: SeenOperations,
    work: (baseline: RecordBaseline) => Promise<T>
  ): Promise<T> {
    let current = op
    const baseline: RecordBaseline = async (details) => {
      current = await this.keepBaseline(ledger, current, details, seen)
    }
    try {
      const result = await work(baseline)
      const status = typeof result.data?.status === "string" ? result.data.status : undefined
      // moved by the answer's actor: a refund done so is one Medusa records (recordedRefunds counts it)
      const now = status ? await this.settle(ledger, current, charge, payId, status) : current
      // a status that does not show the operation's effect (a cancel of an unpaid payment, which
      // simply expires): nothing moved at the bank, and the entry says so
      if (now?.state === "sending") {
        await this.move(now, {
          type: "clear_refusal",
          reason: `nothing to do at the bank (status ${status ?? "unknown"})`,
        })
      }
      return result
    } catch (error) {
      const type = (error as { type?: string })?.type
      const refused = type === MedusaError.Types.NOT_ALLOWED || type === MedusaError.Types.INVALID_DATA
      await this.move(
        current,
        refused
          ? { type: "clear_refusal", reason: recordError(error) }
          : { type: "unreadable_answer", reason: recordError(error) }
      )
      throw error
    }
  }

  /**
   * The bank's answer to an operation (its status of the charge): the operation's entry and the
   * charge's, each by the rules, in one relaxed statement (as move() and read() would each do).
   * A ledger failure is logged (the bank already acted). The operation's entry as it now is, or
   * undefined when it cannot be told.
   */
  private async settle(
    ledger: LedgerStore,
    op: LedgerEntry,
    charge: LedgerEntry | undefined,
    payId: string,
    status: string
  ): Promise<LedgerEntry | undefined> {
    try {
      const held = charge ?? (payId ? await ledger.byPayId(payId) : undefined)
      const [opMoved, chargeMoved] = await ledger.applyAll(
        [
          { entry: op, event: { type: "bank_status", status }, actor: ACTORS.answer },
          ...(held
            ? [{ entry: held, event: { type: "bank_status", status, payId } as const, actor: ACTORS.answer }]
            : []),
        ],
        { commit: "relaxed" }
      )
      if (!opMoved.ok) this.logger.warn(`ledger entry ${op.id}: bank_status not applied: ${opMoved.reason}`)
      if (chargeMoved && !chargeMoved.ok) {
        this.logger.warn(`ledger: bank status of ${payId} not recorded: ${chargeMoved.reason}`)
      }
      return opMoved.entry
    } catch (error) {
      this.logger.warn(`ledger entry ${op.id}: bank status ${status} of ${payId} not recorded: ${recordError(error)}`)
      return ledger.byId(op.id).catch(() => undefined)
    }
  }

  /**
   * Medusa is deleting the payment's session (it deletes the row right after deletePayment): every
   * charge of the session is marked "session gone" in one ledger write, so the marks are all or
   * none. The mark is our word, not Medusa's: the row delete comes after, in a transaction that may
   * roll back or fail (Medusa only logs that), or never when the process dies first. So nothing
   * moves money on the mark alone here: the orphan sweep (src/use-cases/reconcile/orphan-sweep.ts)
   * and a callback's subscriber ask Medusa whether the session is really gone, which this provider,
   * inside the payment module's container, cannot (no Query).
   */
  async sessionDeleted(sessionId: string | undefined, payId: string | undefined): Promise<void> {
    const ledger = this.ledger
    if (!ledger) return
    try {
      const charges = sessionId ? await ledger.chargesOfSession(sessionId) : []
      const named = payId && !charges.some((c) => c.pay_id === payId) ? await ledger.byPayId(payId) : undefined
      const entries = named ? [...charges, named] : charges
      if (entries.length === 0) return
      await ledger.applyAll(
        entries.map((entry) => ({ entry, event: { type: "session_gone" } as const, actor: "medusa:delete-session" }))
      )
    } catch (error) {
      // deletePayment must not fail Medusa's delete: the lost-callback job marks what it finds
      // gone in Medusa (drive-charge.ts), and nothing was released on this ground
      this.logger.warn(`session ${sessionId ?? "-"}: "session gone" not recorded: ${recordError(error)}`)
    }
  }
}
