/**
 * The installments provider's side of the money ledger (src/modules/tbc/ledger/ledger-store.ts):
 * one entry of kind "installment" per application, written BEFORE the bank is asked to create it
 * (fail closed: no entry, no application) and moved by every answer and read of its status. The
 * bank's application id (its sessionId) is the entry's pay_id, so the status-changes sync, the
 * session guard and the orphan policy all find the application by it.
 *
 * Replaces the raw SQL this provider ran on Medusa's payment_session: which Medusa session and
 * cart an application belongs to is in the entry (the session-creation workflow hands the cart and
 * collection in the session data, LEDGER_DATA), and whether that session is alive is its
 * session_gone_at, set here when Medusa drops the session.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { installmentBankStatus } from "../../lib/ledger/installment-states"
import type { TbcLogger } from "../../lib/tbc/types"
import { recordError, type LedgerEntry, type LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import { chargeContextOf, noLedgerError } from "../tbc-checkout/ledger/bookkeeping"
import { isClearRefusal } from "../tbc-checkout/saved-cards/saved-card-payment"
import { recordAuthorized } from "../common/authorization-ledger"

/** What the shopper reads when the store released this application while the order was being placed. */
export const RELEASED_APPLICATION_MESSAGE =
  "The store has released this installment application, so it cannot be used for an order. Please apply again."

/** Who moved an entry, in the audit trail. */
export const INSTALLMENT_ACTORS = {
  initiate: "provider:initiate",
  authorize: "provider:authorize",
  answer: "bank:answer",
  read: "provider:read-status",
  delete: "medusa:delete-session",
} as const

export class ApplicationLedger {
  constructor(
    /** undefined when the container has no database connection: applications are then refused */
    readonly ledger: LedgerStore | undefined,
    private readonly logger: () => TbcLogger,
    readonly providerId: string,
    /** a unit test's provider without a ledger: applications go to the bank unrecorded */
    private readonly unrecordedForUnitTests = false
  ) {}

  /**
   * The entry of an application about to be created. Throws (the shopper reads that nothing was
   * started) when it cannot be written: the bank is then never asked.
   */
  async open(
    sessionId: string,
    data: Record<string, unknown> | undefined,
    amountMinor: number
  ): Promise<LedgerEntry | undefined> {
    if (!this.ledger) {
      if (!this.unrecordedForUnitTests) throw noLedgerError("installment application")
      return undefined
    }
    try {
      return await this.ledger.open(
        {
          kind: "installment",
          provider_id: this.providerId,
          ...chargeContextOf(sessionId, data),
          amount: amountMinor,
          currency: "GEL",
          merchant_payment_id: sessionId,
        },
        INSTALLMENT_ACTORS.initiate
      )
    } catch (error) {
      this.logger().error(`ledger entry for installment session ${sessionId} not written: ${recordError(error)}`)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "The installment application could not be started: the store could not record it. Nothing was sent to the bank; please try again in a moment."
      )
    }
  }

  /** The bank created the application: its id becomes the entry's pay_id (status 0, the shopper's turn). */
  async created(entry: LedgerEntry | undefined, bankSessionId: string, statusId: number): Promise<void> {
    await this.move(entry, { type: "bank_status", status: installmentBankStatus(statusId), payId: bankSessionId })
  }

  /**
   * The create call failed. A readable refusal (4xx, or ours before sending) created nothing:
   * refused, and the shopper may try again. Anything else (5xx, timeout, unreadable body) may have
   * created an application we cannot name: uncertain, which holds the cart until the admin
   * settles it (see docs/installments.md).
   */
  async createFailed(entry: LedgerEntry | undefined, error: unknown): Promise<void> {
    const reason = recordError(error)
    await this.move(
      entry,
      isClearRefusal(error) ? { type: "clear_refusal", reason } : { type: "unreadable_answer", reason }
    )
  }

  /** A status read of the application (authorize, getPaymentStatus): bookkeeping, never fails the caller. */
  async read(bankSessionId: string, statusId: number, actor: string = INSTALLMENT_ACTORS.read): Promise<void> {
    if (!this.ledger) return
    try {
      const status = installmentBankStatus(statusId)
      const result = await this.ledger.applyByPayId(bankSessionId, { type: "bank_status", status }, actor)
      if (result && !result.ok) this.logger().warn(`ledger: application ${bankSessionId}: ${result.reason}`)
    } catch (error) {
      this.logger().warn(`ledger: status of application ${bankSessionId} not recorded: ${recordError(error)}`)
    }
  }

  /**
   * authorizePayment is about to tell Medusa the loan is approved (a Medusa payment is made from the
   * session). Refused, as for a card payment, when the ledger has the application released (the
   * sync's cancel of a dropped session) or cannot be read or written: Medusa then gets no
   * authorized payment, never an order for a canceled loan.
   */
  async authorized(bankSessionId: string): Promise<void> {
    await recordAuthorized(this.ledger, bankSessionId, {
      actor: INSTALLMENT_ACTORS.authorize,
      logger: this.logger(),
      refusal: RELEASED_APPLICATION_MESSAGE,
    })
  }

  /**
   * Medusa is dropping the application's session: its entries say so (session_gone_at), which is
   * what the background cancel and the installment sync's orphan rule read.
   */
  async sessionDropped(medusaSessionId: string | undefined, bankSessionId: string | undefined): Promise<void> {
    const ledger = this.ledger
    if (!ledger) return
    try {
      if (bankSessionId) await ledger.markSessionGone(bankSessionId, INSTALLMENT_ACTORS.delete)
      const charges = medusaSessionId ? await ledger.chargesOfSession(medusaSessionId) : []
      for (const entry of charges.filter((c) => c.kind === "installment" && !c.session_gone_at)) {
        await ledger.markSessionGoneOf(entry.id, INSTALLMENT_ACTORS.delete)
      }
    } catch (error) {
      this.logger().warn(`ledger: dropped session of application ${bankSessionId}: ${recordError(error)}`)
    }
  }

  /**
   * Whether the application may be canceled as dropped: its entry says the session is gone (an
   * application the ledger does not know, made before the ledger existed, is canceled as before).
   */
  async sessionGone(bankSessionId: string): Promise<boolean> {
    const entry = await this.ledger?.byPayId(bankSessionId)
    return !entry || entry.session_gone_at !== null
  }

  private async move(entry: LedgerEntry | undefined, event: Parameters<LedgerStore["apply"]>[1]): Promise<void> {
    if (!this.ledger || !entry) return
    const result = await this.ledger.apply(entry.id, event, INSTALLMENT_ACTORS.answer).catch((error) => ({
      ok: false as const,
      reason: recordError(error),
    }))
    if (!result.ok) this.logger().warn(`ledger entry ${entry.id}: ${event.type} not applied: ${result.reason}`)
  }
}
