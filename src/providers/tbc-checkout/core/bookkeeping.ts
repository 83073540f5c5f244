/**
 * The provider's bookkeeping in our payment record (tbc_payment), in one place so the checkout
 * base calls each step with one line: record a created payment (or fail the session), note a
 * bank read, and run the orphan policy when a session goes away.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { CheckoutApi, TbcLogger } from "../../../lib/tbc/types"
import type { TbcCheckoutOptions } from "../options"
import type { PaymentRecords } from "../payment-records"
import { settleOrphan } from "./orphans"

export class PaymentBookkeeping {
  constructor(
    /** undefined outside a Medusa app (provider unit tests): nothing is recorded */
    readonly records: PaymentRecords | undefined,
    private readonly options: Pick<TbcCheckoutOptions, "orphanPolicy" | "orphanGraceSeconds">,
    private readonly checkout: () => Pick<CheckoutApi, "getPayment" | "cancelPayment" | "completePayment">,
    private readonly logger: TbcLogger,
    readonly providerId: string
  ) {}

  /**
   * Records a created web payment before its link leaves initiatePayment: when the record cannot
   * be written the shopper gets an error instead of a link to a payment we would not know about
   * (it expires unpaid at the bank).
   */
  async created(
    sessionId: string,
    payId: string,
    amountMinor: number,
    currency: string,
    status: string
  ): Promise<void> {
    if (!this.records) return
    try {
      await this.records.recordCreated({
        provider_id: this.providerId,
        pay_id: payId,
        payment_session_id: sessionId,
        amount: amountMinor,
        currency,
        kind: "web",
        bank_status: status,
      })
    } catch (error) {
      this.logger.error(
        `payment ${payId} for session ${sessionId} could not be recorded: ${(error as Error)?.message ?? error}`
      )
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "The payment could not be started: please try again in a moment."
      )
    }
  }

  /** Last bank status in our record; bookkeeping only, never fails the caller. */
  read(payId: string, status: unknown): void {
    this.records?.noteBankStatus(payId, String(status)).catch(() => undefined)
  }

  /**
   * Medusa is deleting the payment's session (it deletes the row right after deletePayment):
   * once that is committed, money at the bank for it belongs to no order and the orphan policy
   * applies, unless a Medusa payment was made from the session (the check looks at that).
   */
  async sessionDeleted(payId: string): Promise<void> {
    await this.records?.markSessionGone(payId).catch(() => undefined)
    this.orphanCheck(payId, this.options.orphanGraceSeconds * 1000)
  }

  /**
   * Runs the orphan policy for a payment (see ./orphans.ts) after `delayMs`, in the background:
   * the reconcile job's sweep repeats it for anything a restart interrupts.
   */
  orphanCheck(payId: string, delayMs: number): void {
    const records = this.records
    if (!records) return
    const run = () =>
      settleOrphan({
        checkout: this.checkout(),
        records,
        payId,
        policy: this.options.orphanPolicy,
        logger: this.logger,
      }).catch((error) =>
        this.logger.warn(`payment ${payId}: orphan check failed: ${(error as Error)?.message ?? error}`)
      )
    const timer = setTimeout(run, delayMs)
    timer.unref?.()
  }
}
