/**
 * All logic of the `tbc-checkout` provider (TBC E-Commerce hosted checkout) and of its per-method
 * services (`tbc-card`, `tbc-apple-pay`, … in ../services), in the shape of Medusa's own Stripe
 * provider: one base class, tiny services with an identifier and a choice (data).
 *
 * The bank is the only source of truth: every status decision GETs the payment; nothing the
 * storefront wrote into `data` is trusted except through the bank.
 *
 * Its options are read again before each operation: the config's, with the settings a shop
 * manager changed in the admin over them (../../common/effective-options.ts).
 */
import { AbstractPaymentProvider, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderOutput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  SavePaymentMethodInput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
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
import { sessionOutcome } from "../../../lib/checkout-status"
import { majorToMinorExact } from "../../../lib/money"
import type { CheckoutApi, PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import {
  clientFactoryFrom,
  clientWithin,
  forShopper,
  providerLogger,
  toMedusaError,
  type TbcClientLike,
} from "../../common"
import { validateEveryTbcProvider, withRegistrationId } from "../../common/every-provider-options"
import { medusaAmountToMinor, toSessionStatus } from "../../common/medusa-values"
import { checkoutClientOptions, parseCheckoutOptions, type TbcCheckoutOptions } from "../options"
import { dataFromDetails, payIdOf, type CheckoutData } from "../payment-data"
import { acceptedStatus } from "../hosted-payment/authorize-guard"
import { capture, cancelHeldOrTaken } from "../money-moves/money-moves"
import { ACTORS, PaymentBookkeeping } from "../ledger/bookkeeping"
import { medusaRecordEntryId } from "../ledger/capture-request"
import { ledgerFrom, unrecordedForUnitTests } from "../../../modules/tbc/ledger/ledger-store"
import { refund, RefundQueue } from "../money-moves/refund"
import { startPayment } from "../hosted-payment/start-payment"
import { webhookActionOf, type TbcWebhookResult } from "../callbacks/webhook"
import { BoundedCache } from "../../../lib/bounded-cache"
import { registerProviderClient } from "../../../lib/bank-client-registry"
import { ALL_METHODS_IDENTIFIER, choiceOf, type CheckoutChoice } from "../../../lib/checkout-choices"
// saved cards (returning customers): logic in ../saved-cards/
import * as savedCardAccount from "../saved-cards/account-holder"
import { authorizeSavedCardSession, isSavedCardSession, type SavedCardDeps } from "../saved-cards/saved-card-payment"
import { savedCardRecordsFrom } from "../../../modules/tbc/saved-cards/saved-card-records"
// settings a shop manager changed in the admin, over the config: read before each operation
import { EffectiveOptions } from "../../common/effective-options"
import { pgConnectionIn } from "../../../modules/tbc/pg-connection"

export abstract class TbcCheckoutBase extends AbstractPaymentProvider<TbcCheckoutOptions> {
  /** the options in force: the config's, replaced by `refreshOptions()` with the admin's settings over them */
  protected options_: TbcCheckoutOptions
  private readonly settings_: EffectiveOptions<TbcCheckoutOptions>
  protected readonly client_: TbcClientLike
  protected readonly logger_: TbcLogger
  /** the money ledger (tbc_payment): an entry before every bank call that moves money, and the orphan policy */
  protected readonly book_: PaymentBookkeeping
  /** session id → payId created for it: a retried initiatePayment reuses the payment */
  private readonly createdForSession_ = new BoundedCache<string, string>({ max: 2000 })
  /** callback receipt id → verdict, so the callback-log subscriber's second ask costs no bank call */
  private readonly verdicts_ = new BoundedCache<string, Promise<TbcWebhookResult>>({ max: 500 })
  /**
   * payId → in-flight or succeeded capture: concurrent captures in this process send one
   * completion, and a repeat here (stale data still saying WaitingConfirm) costs no bank call
   */
  private readonly captures_ = new BoundedCache<string, Promise<CapturePaymentOutput>>({ max: 2000 })
  /** refunds of one payment one at a time, and what this process last reported returned */
  private readonly refunds_ = new RefundQueue()

  /**
   * The per-method choice of this service (../services/*.ts), found by its identifier in
   * CHECKOUT_CHOICES: its one method, its limits. Undefined for `tbc-checkout`, whose page offers
   * every configured method. Variation is data: nothing else differs between the services.
   */
  protected get choice(): CheckoutChoice | undefined {
    return choiceOf(this.identifier)
  }

  /** This service's `static identifier` (Medusa registers `pp_<identifier>_<id>`). */
  protected get identifier(): string {
    return (this.constructor as { identifier?: string }).identifier ?? ALL_METHODS_IDENTIFIER
  }

  /** Names the problems of every TBC provider of the app in one message (see validateEveryTbcProvider). */
  static validateOptions(options: Record<string, unknown>): void {
    validateEveryTbcProvider("tbc-checkout", options)
  }

  protected constructor(cradle: Record<string, unknown>, configured: Record<string, unknown>) {
    // Medusa hands a provider its options, not its id: registrationId comes from the config entry
    const options = withRegistrationId("tbc-checkout", configured)
    super(cradle, options as unknown as TbcCheckoutOptions)
    this.options_ = parseCheckoutOptions(options)
    // debugLogging as in force at each line: an admin turns it on and off without a restart
    this.logger_ = providerLogger(
      cradle,
      `${this.identifier}_${this.options_.registrationId}`,
      () => this.options_.debugLogging === true
    )
    this.client_ = clientFactoryFrom(cradle)(checkoutClientOptions(this.options_, this.logger_))
    const providerId = `pp_${this.identifier}_${this.options_.registrationId}`
    // app code (jobs, admin actions) asks the bank through this client only (src/use-cases/bank-clients.ts)
    registerProviderClient(providerId, this.client_)
    this.settings_ = new EffectiveOptions(
      "tbc-checkout",
      // the admin's settings are kept per registration (pp_tbc-checkout_<registrationId>)
      `pp_tbc-checkout_${this.options_.registrationId}`,
      options,
      this.options_,
      pgConnectionIn(cradle),
      this.logger_
    )
    this.book_ = new PaymentBookkeeping(
      ledgerFrom(cradle),
      () => this.checkout,
      this.logger_,
      providerId,
      unrecordedForUnitTests(cradle)
    )
  }

  /** The admin's settings over the config, at most SETTINGS_TTL_MS old (effective-options.ts); throws when they cannot be read. */
  protected async refreshOptions(): Promise<TbcCheckoutOptions> {
    this.options_ = await this.settings_.current()
    return this.options_
  }

  /** For background work (callbacks, orphan checks): the per-attempt timeouts and retries. */
  protected get checkout(): CheckoutApi {
    return this.client_.checkout
  }

  /** For ONE request a shopper or an admin waits on: all its bank calls within requestBudgetMs. */
  protected budgeted(): CheckoutApi {
    return clientWithin(this.client_, this.options_.requestBudgetMs).checkout
  }

  /** GET the payment, errors mapped to readable MedusaErrors. */
  protected async readPayment(
    payId: string,
    action = "check the payment at the bank",
    checkout = this.checkout
  ): Promise<PaymentDetails> {
    try {
      return await checkout.getPayment(payId)
    } catch (error) {
      throw toMedusaError(error, action)
    }
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    await this.refreshOptions()
    const { options_: options, logger_: logger, book_: book, createdForSession_: createdForSession } = this
    const deps = {
      options,
      logger,
      book,
      createdForSession,
      choice: this.choice,
      identifier: this.identifier,
      savedCardDeps: (c: CheckoutApi) => this.savedCardDeps(c),
    }
    return startPayment(deps, input, this.budgeted()).catch((error) => {
      throw forShopper(error)
    })
  }

  /** Cart completion (a shopper waits, Medusa holds the cart lock) and a callback's processing. */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    await this.refreshOptions()
    return this.confirmPayment(input, this.budgeted()).catch((error) => {
      throw forShopper(error, MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    })
  }

  private async confirmPayment(input: AuthorizePaymentInput, checkout: CheckoutApi): Promise<AuthorizePaymentOutput> {
    if (isSavedCardSession(input.data)) return authorizeSavedCardSession(this.savedCardDeps(checkout), input) // saved card: execution
    const details = await this.readPayment(payIdOf(input.data), "confirm the payment with the bank", checkout)
    const payId = details.payId || payIdOf(input.data)
    const entry = await this.book_.read(payId, details.status, ACTORS.authorize, details)
    const status = acceptedStatus(details, input.data, this.logger_)
    // the money is handed to Medusa: a Medusa payment (and the order) is made from this session
    await this.book_.authorized(payId, entry)
    const authorizedAt = status === PaymentSessionStatus.AUTHORIZED ? { authorized_at: new Date().toISOString() } : {}
    const known = typeof input.data?.authorized_at === "string" && input.data?.status === "WaitingConfirm"
    const data = dataFromDetails(input.data, details, (known ? {} : authorizedAt) as Partial<CheckoutData>)
    return { status, data: data as unknown as Record<string, unknown> }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const details = await this.readPayment(payIdOf(input.data))
    return {
      status: toSessionStatus(sessionOutcome(String(details.status)).status),
      data: dataFromDetails(input.data, details) as unknown as Record<string, unknown>,
    }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const details = await this.readPayment(payIdOf(input.data))
    return { data: dataFromDetails(input.data, details) as unknown as Record<string, unknown> }
  }

  /**
   * Medusa's core never calls this (it deletes and recreates sessions instead). A bank payment's
   * amount cannot change: same amount → nothing to do; another amount → a new payment (the old
   * one is released or expires), as a fresh initiatePayment would.
   */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = (input.data ?? {}) as Partial<CheckoutData>
    const sameAmount =
      typeof data.amount === "number" &&
      majorToMinorExact(data.amount) === medusaAmountToMinor(input.amount) &&
      (data.currency ?? "").toUpperCase() === input.currency_code.toUpperCase()
    if (sameAmount && data.payId) {
      return { data: input.data }
    }
    if (data.payId) {
      const current = await this.readPayment(data.payId, undefined, this.budgeted())
      if (current.status !== "Created") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "The payment's amount cannot be changed: the customer already went through the bank's page. Start a new payment instead."
        )
      }
    }
    const sessionId = data.session_id ?? input.context?.idempotency_key
    this.createdForSession_.delete(String(sessionId))
    const { data: fresh, status } = await this.initiatePayment({
      ...input,
      data: { ...input.data, session_id: sessionId },
    })
    return { data: fresh, status }
  }

  /**
   * Medusa passes no amount: a capture of less than the hold runs Medusa's capture inside the
   * plugin's workflow (src/workflows/payments/capture-part.ts), which opened the completion entry,
   * amount included, for this request (../ledger/capture-request.ts); that entry is this capture's.
   * Any other capture completes the whole hold (and is refused while another operation of the
   * charge is under way: one open operation per charge).
   */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    await this.refreshOptions()
    const payId = payIdOf(input.data)
    // the plugin records in Medusa the rest of a hold the bank already completed: nothing is sent
    const recording = medusaRecordEntryId()
    if (recording) return this.book_.recordedInMedusa({ ...this.recordArgs(input, recording), kind: "completion" })
    const intent = await this.book_.captureIntent(payId)
    const heldMinor = medusaAmountToMinor((input.data?.amount as number | undefined) ?? 0)
    // one in-flight or finished capture per payment AND amount: a repeat of another amount asks the bank
    const key = `${payId}:${intent ? `part ${intent.id}` : "whole"}`
    const known = this.captures_.get(key)
    if (known) return known
    const attempt = intent
      ? this.book_.runIntent(intent, payId, () => capture(this.budgeted(), input.data ?? {}, payId, intent.amount))
      : this.book_.operation("completion", payId, heldMinor, () => capture(this.budgeted(), input.data ?? {}, payId))
    this.captures_.set(key, attempt)
    // a failed capture is forgotten, so the next one asks the bank again
    attempt.catch(() => this.captures_.get(key) === attempt && this.captures_.delete(key))
    return attempt
  }

  /** What a record of the bank's own money move in Medusa names (../money-moves/bank-returns.ts). */
  private recordArgs(
    input: { data?: Record<string, unknown>; context?: { idempotency_key?: string } },
    entryId: string
  ) {
    const record = input.context?.idempotency_key ?? "medusa"
    return { entryId, payId: payIdOf(input.data), record, data: input.data }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    await this.refreshOptions()
    const payId = payIdOf(input.data)
    // a return made at the bank (TBC's merchant dashboard), recorded as Medusa's refund: nothing is sent
    const recording = medusaRecordEntryId()
    if (recording) {
      const amountMinor = medusaAmountToMinor(input.amount)
      return this.book_.recordedInMedusa({ ...this.recordArgs(input, recording), kind: "refund", amountMinor })
    }
    // refunds of one payment in this process run one after another, each with its own entry
    return this.refunds_.run(payId, () =>
      this.book_.operation("refund", payId, medusaAmountToMinor(input.amount), (baseline, recordedRefunds) =>
        refund(this.budgeted(), input.data ?? {}, payId, input.amount, this.refunds_, this.logger_, {
          baseline,
          recordedRefunds,
        })
      )
    )
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    await this.refreshOptions()
    const payId = payIdOf(input.data)
    // a hold released at the bank (TBC's merchant dashboard), recorded as Medusa's cancel: nothing is sent
    const recording = medusaRecordEntryId()
    if (recording) return this.book_.recordedInMedusa({ ...this.recordArgs(input, recording), kind: "cancel" })
    const amountMinor = medusaAmountToMinor((input.data?.amount as number | undefined) ?? 0)
    return this.book_.operation("cancel", payId, amountMinor, (baseline) =>
      cancelHeldOrTaken(this.budgeted(), input.data ?? {}, payId, "cancel the payment", this.logger_, baseline)
    )
  }

  /**
   * No bank call: Medusa calls this inside its cart lock (a cart edit, a new session), and an
   * outage must not hold the shopper there. Never moves money either: Medusa calls this for paid
   * sessions too when anyone opens a new session on a collection. The record (tbc_payment) already
   * names the payment and is marked "session gone"; the reconcile job's sweep applies the orphan
   * policy after orphanGraceSeconds, once Medusa confirms the session is gone (its delete follows
   * this call and may fail), and only when no order owns the money (money-moves/orphans.ts).
   */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    await this.refreshOptions()
    // every charge of the session, also those its data does not name (an execution whose answer
    // was lost, or one Medusa did not store because authorize refused it)
    const sessionId = typeof input.data?.session_id === "string" ? input.data.session_id : undefined
    const payId = typeof input.data?.payId === "string" ? input.data.payId : undefined
    await this.book_.sessionDeleted(sessionId, payId)
    return { data: input.data }
  }

  /** Judges a bank callback: callbacks/webhook.ts (throws when the bank could not be asked). */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    await this.refreshOptions()
    const { options_: options, logger_: logger, book_: book, verdicts_: verdicts, checkout } = this
    return webhookActionOf({ options, logger, book, verdicts, checkout }, payload)
  }

  // ---- saved cards (returning customers): account holders and payment methods ----
  // The logic lives in ../saved-cards/account-holder.ts and ../saved-cards/saved-card-payment.ts.

  protected savedCardDeps(checkout: CheckoutApi): SavedCardDeps {
    return {
      checkout,
      options: this.options_,
      logger: this.logger_,
      book: this.book_,
    }
  }

  async createAccountHolder(input: CreateAccountHolderInput): Promise<CreateAccountHolderOutput> {
    return savedCardAccount.createAccountHolder(input)
  }

  async retrieveAccountHolder(input: RetrieveAccountHolderInput): Promise<RetrieveAccountHolderOutput> {
    return savedCardAccount.retrieveAccountHolder(input)
  }

  async updateAccountHolder(input: UpdateAccountHolderInput): Promise<UpdateAccountHolderOutput> {
    return savedCardAccount.updateAccountHolder(input)
  }

  async deleteAccountHolder(): Promise<DeleteAccountHolderOutput> {
    return savedCardAccount.deleteAccountHolder()
  }

  /** For the payment-method methods: the budgeted bank client and our saved-card tables. */
  private paymentMethodDeps(): savedCardAccount.PaymentMethodDeps {
    const records = savedCardRecordsFrom(this.container)
    return { checkout: this.budgeted(), options: this.options_, providerId: this.book_.providerId, records }
  }

  async listPaymentMethods(input: ListPaymentMethodsInput): Promise<ListPaymentMethodsOutput> {
    await this.refreshOptions()
    return savedCardAccount.listPaymentMethods(input, this.paymentMethodDeps())
  }

  async savePaymentMethod(input: SavePaymentMethodInput): Promise<SavePaymentMethodOutput> {
    await this.refreshOptions()
    return savedCardAccount.savePaymentMethod(input, this.paymentMethodDeps()).catch((error) => {
      throw forShopper(error)
    })
  }

  async deletePaymentMethod(input: DeletePaymentMethodInput): Promise<DeletePaymentMethodOutput> {
    return savedCardAccount.deletePaymentMethod(input, {
      checkout: this.checkout,
      clientSecret: this.options_.clientSecret,
    })
  }
  // ---- end saved cards ----
}
