/**
 * The `tbc-installments` payment provider (registered as `pp_tbc-installments_<id>`): TBC Online
 * Installments applications as Medusa payment sessions.
 *
 * Lifecycle: initiatePayment creates the application and hands the storefront the bank's redirect
 * URL; the bank's decision arrives only through the status-changes feed, which the app-side sync
 * (src/workflows/installments) turns into processPaymentWorkflow runs; those call authorizePayment,
 * which reads the live status. capturePayment = confirm (the merchant has the goods),
 * cancelPayment / deletePayment = cancel.
 *
 * Refunds: once disbursed, the loan is between the shopper and the bank; money goes back through
 * the bank's own return process, not this API (it has no refund call). refundPayment therefore
 * refuses with a clear NOT_ALLOWED error instead of pretending.
 *
 * `payment_sessions.data` (readable by the storefront) holds only sessionId, redirect_url (the
 * bank's application page; same key as checkout sessions; `redirectUrl` is its deprecated alias)
 * and the last status seen; never a credential.
 */
import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { installmentsAvailability } from "../../lib/checkout-choices"
import { installmentOutcome, installmentSessionStatus } from "../../lib/installment-status"
import { minorToMajor } from "../../lib/money"
import { INSTALLMENT_STATUS, type ApplicationStatus, type InstallmentsApi } from "../../lib/tbc/types"
import {
  clientFactoryFrom,
  clientWithin,
  forShopper,
  providerLogger,
  toMedusaError,
  type TbcClientLike,
} from "../common"
import { registerProviderClient } from "../../lib/bank-client-registry"
import { ledgerFrom, unrecordedForUnitTests } from "../../modules/tbc/ledger/ledger-store"
import { ApplicationLedger } from "./application-ledger"
import { validateEveryTbcProvider, withRegistrationId } from "../common/every-provider-options"
import { medusaAmountToMinor, toSessionStatus } from "../common/medusa-values"
import { BoundedCache } from "../../lib/bounded-cache"
import { changeApplication } from "./application-changes"
import { notApprovedYetMessage, sessionIdOf, withStatus, type InstallmentSessionData } from "./session-data"
import {
  INSTALLMENTS_PROVIDER_NAME,
  installmentsClientOptions,
  parseInstallmentsOptions,
  type InstallmentsOptions,
} from "./options"

export { notApprovedYetMessage, type InstallmentSessionData } from "./session-data"

export class TbcInstallmentsProviderService extends AbstractPaymentProvider<InstallmentsOptions> {
  static identifier = INSTALLMENTS_PROVIDER_NAME

  protected readonly options_: InstallmentsOptions
  protected readonly client_: TbcClientLike
  /** applications opened per Medusa session id, for retried initiates (bounded in number and age) */
  protected readonly created_ = new BoundedCache<string, InstallmentSessionData>({ max: 1000, ttlMs: 15 * 60_000 })
  /** the application's money-ledger entry (records nothing outside a Medusa app) */
  protected ledger_: ApplicationLedger
  /** how long a dropped session's cancel waits (Medusa may still roll the deletion back) */
  protected droppedCancelDelayMs_ = 2_000

  /** Names the problems of every TBC provider of the app in one message (see validateEveryTbcProvider). */
  static validateOptions(options: Record<string, unknown>): void {
    validateEveryTbcProvider("tbc-installments", options)
  }

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    // Medusa hands a provider its options, not its id: registrationId comes from the config entry
    const parsed = parseInstallmentsOptions(withRegistrationId("tbc-installments", options))
    super(cradle, parsed)
    this.options_ = parsed
    const logger = providerLogger(cradle, INSTALLMENTS_PROVIDER_NAME)
    this.client_ = clientFactoryFrom(cradle)(installmentsClientOptions(parsed, logger))
    const providerId = `pp_${INSTALLMENTS_PROVIDER_NAME}_${parsed.registrationId}`
    // app code (the status sync, admin actions) asks the bank through this client only
    registerProviderClient(providerId, this.client_)
    this.ledger_ = new ApplicationLedger(
      ledgerFrom(cradle),
      () => providerLogger(this.container, INSTALLMENTS_PROVIDER_NAME),
      providerId,
      unrecordedForUnitTests(cradle)
    )
  }

  /** For background work: the per-attempt timeouts and retries. */
  protected get bank(): InstallmentsApi {
    return this.client_.installments
  }

  /** For ONE request a shopper or an admin waits on: all its bank calls within requestBudgetMs. */
  protected budgeted(): InstallmentsApi {
    return clientWithin(this.client_, this.options_.requestBudgetMs).installments
  }

  async initiatePayment({ amount, currency_code, data }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    // the same verdict GET /store/tbc/payment-options gives: GEL only, within amountLimit
    const verdict = installmentsAvailability(this.options_.amountLimit, {
      amountMinor: medusaAmountToMinor(amount),
      currency: String(currency_code ?? ""),
    })
    if (!verdict.available) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `${verdict.message}.`)
    }
    const input = (data ?? {}) as InstallmentSessionData & { session_id?: string; installmentProducts?: unknown }
    // session_id is set by Medusa (never the storefront). A retried initiate of the same session
    // gets the application already opened for it instead of a second loan. A sessionId or
    // redirect_url/redirectUrl the storefront put in `data` is never trusted: ours overwrite them.
    const reused = typeof input.session_id === "string" ? this.created_.get(input.session_id) : undefined
    if (reused?.sessionId) {
      return { id: reused.sessionId, status: PaymentSessionStatus.PENDING, data: { ...reused } }
    }
    if (!Array.isArray(input.installmentProducts) || input.installmentProducts.length === 0) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "installmentProducts: is required (the store computes it from the cart's lines)."
      )
    }
    const amountMinor = medusaAmountToMinor(amount)
    // the ledger entry first: no entry, no application (fails closed, nothing is asked of the bank)
    const entry = await this.ledger_.open(String(input.session_id ?? ""), data, amountMinor)
    try {
      const created = await this.budgeted()
        .createApplication({
          campaignId: this.options_.campaignId,
          invoiceId: input.session_id,
          priceTotal: minorToMajor(amountMinor),
          products: input.installmentProducts as never,
        })
        .catch(async (error: unknown) => {
          await this.ledger_.createFailed(entry, error)
          throw error
        })
      await this.ledger_.created(entry, created.sessionId, INSTALLMENT_STATUS.Pending)
      const out: InstallmentSessionData = {
        sessionId: created.sessionId,
        redirect_url: created.redirectUrl,
        redirectUrl: created.redirectUrl,
        statusId: INSTALLMENT_STATUS.Pending,
        statusDescription: undefined,
      }
      if (typeof input.session_id === "string") this.created_.set(input.session_id, out)
      return { id: created.sessionId, status: PaymentSessionStatus.PENDING, data: out }
    } catch (error) {
      throw forShopper(toMedusaError(error, "start the installment application"))
    }
  }

  /**
   * Called when the cart is completed (the shopper came back) and by the sync's
   * processPaymentWorkflow. Reads the live status: approved → authorized, disbursed → captured,
   * declined / ended → error / canceled (Medusa then refuses the completion).
   *
   * Still pending (the shopper has not finished the bank's page, or the bank is still reviewing):
   * throws PAYMENT_AUTHORIZATION_ERROR with a readable message. Why throw instead of returning
   * `pending_authorization`: Medusa places an order with no payment for that status. A throw
   * leaves the session as it was, and completeCartWorkflow rolls back the order it was building
   * (no order, no reservation, no order.placed); the Store API answers
   * `{ type: "cart", error: { message } }`, the same as a declined card.
   */
  async authorizePayment({ data }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const status = await this.readStatus(data, "check the installment application", this.budgeted()).catch((error) => {
      throw forShopper(error, MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    })
    const sessionStatus = toSessionStatus(installmentSessionStatus(status.statusId))
    if (sessionStatus === PaymentSessionStatus.PENDING) {
      throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, notApprovedYetMessage(status))
    }
    if (sessionStatus === PaymentSessionStatus.AUTHORIZED || sessionStatus === PaymentSessionStatus.CAPTURED) {
      await this.ledger_.authorized(sessionIdOf(data))
    }
    return { status: sessionStatus, data: withStatus(data, status) }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const status = await this.readStatus(data, "check the installment application")
    return { status: toSessionStatus(installmentSessionStatus(status.statusId)), data: withStatus(data, status) }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const status = await this.readStatus(data, "read the installment application")
    return { data: withStatus(data, status) }
  }

  /** Capture = confirm: the merchant tells the bank the goods are available, so it disburses. */
  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return this.recorded(
      changeApplication(this.budgeted(), data, {
        send: (bank, sessionId) => bank.confirmApplication(sessionId),
        statusAfter: INSTALLMENT_STATUS.PendingDisbursed,
        // Already confirmed (pending disbursed) or disbursed: the capture already happened.
        alreadyDone: (statusId) => installmentOutcome(statusId) === "disbursed",
        action: "confirm the installment application",
      })
    )
  }

  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return this.cancelApplication(this.budgeted(), data)
  }

  private cancelApplication(bank: InstallmentsApi, data: Record<string, unknown> | undefined) {
    return this.recorded(
      changeApplication(bank, data, {
        send: (b, sessionId) => b.cancelApplication(sessionId),
        statusAfter: INSTALLMENT_STATUS.CanceledByMerchant,
        // Canceled, expired or declined: ended without a loan either way.
        alreadyDone: (statusId) => installmentOutcome(statusId) === "failed",
        action: "cancel the installment application",
      })
    )
  }

  /** A confirm's or cancel's answer moves the application's ledger entry to the status it reports. */
  private async recorded(change: Promise<{ data: InstallmentSessionData }>): Promise<{ data: InstallmentSessionData }> {
    const result = await change
    const { sessionId, statusId } = result.data
    if (typeof sessionId === "string" && typeof statusId === "number") await this.ledger_.read(sessionId, statusId)
    return result
  }

  /**
   * The session is dropped (cart changed, another method chosen): the pending application is
   * canceled so the shopper cannot still take a loan for a cart that no longer exists. Medusa
   * calls this inside its cart lock, so nothing here waits for the bank: the application's row is
   * marked gone in the money ledger (the durable part, see application-ledger.ts) and the cancel
   * runs in the background. If the bank cannot be reached, an unfinished application expires on its own
   * (status 3) and an approval that still arrives is canceled by the installment sync.
   */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const sessionId = (data as InstallmentSessionData | undefined)?.sessionId
    if (typeof sessionId !== "string" || sessionId === "") {
      return { data: data ?? {} }
    }
    const medusaSessionId = (data as { session_id?: unknown } | undefined)?.session_id
    await this.ledger_.sessionDropped(typeof medusaSessionId === "string" ? medusaSessionId : undefined, sessionId)
    const timer = setTimeout(() => void this.cancelDropped(sessionId), this.droppedCancelDelayMs_)
    timer.unref?.()
    return { data: data ?? {} }
  }

  /** The background half of deletePayment: cancel unless the ledger says the session lives on. */
  private async cancelDropped(sessionId: string): Promise<void> {
    try {
      if (!(await this.ledger_.sessionGone(sessionId))) return
      await this.cancelApplication(this.bank, { sessionId })
    } catch (error) {
      this.warn(
        `application ${sessionId} of a dropped session was not canceled (${(error as Error).message}); the sync cancels it if the bank approves it`
      )
    }
  }

  private warn(message: string): void {
    providerLogger(this.container, INSTALLMENTS_PROVIDER_NAME).warn(message)
  }

  async refundPayment(_input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Installment loans cannot be refunded through the store: the loan is between the customer and TBC Bank. " +
        "Return the goods through TBC Bank's merchant process (merchant.support@tbcbank.ge); before disbursal, cancel the order instead."
    )
  }

  /** No bank call: an application's amount cannot change (Medusa deletes and re-creates sessions instead). */
  async updatePayment({ data }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: data ?? {} }
  }

  /** Online Installments push nothing; decisions come from the status-changes sync. */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  private async readStatus(
    data: Record<string, unknown> | undefined,
    action: string,
    bank = this.bank
  ): Promise<ApplicationStatus> {
    const sessionId = sessionIdOf(data)
    let status: ApplicationStatus
    try {
      status = await bank.getStatus(sessionId)
    } catch (error) {
      throw toMedusaError(error, action)
    }
    // every read of the bank moves the application's ledger entry (an answer read from the bank)
    await this.ledger_.read(sessionId, status.statusId)
    return status
  }
}

export default TbcInstallmentsProviderService
