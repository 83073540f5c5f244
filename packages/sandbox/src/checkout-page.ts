/**
 * The hosted checkout page at the approval URL: GET/POST /checkout/{payId} and the 3-D Secure step
 * POST /checkout/{payId}/3ds. In the payment's language (page-texts.ts), with the shop's name, and
 * test cards (test-cards.ts) deciding the outcome of a card payment. Stable ids for browser tests:
 * #shop-name, #amount, input[name=method] (#method-5 …, #method-4-bnpl), #card-number, #test-cards, #save-card,
 * #pay, #decline, #card-error, #confirm-3ds, #cancel-3ds, #message.
 */
import { limitVerdict } from "medusa-payment-tbc/lib"
import { minorToMajor } from "medusa-payment-tbc/lib"
import type { SandboxBank } from "./bank"
import { htmlReply, redirectReply, type Reply, type SandboxRequest } from "./http-io"
import { pageLanguage, textsFor, type PageLanguage, type PageTexts } from "./page-texts"
import { escapeHtml, messagePage, page, shopNameLine } from "./pages"
import { CARD_METHODS, payPayment, sweepExpired } from "./payment-machine"
import type { SandboxPayment } from "./store"
import {
  DEFAULT_TEST_CARD,
  RESULT_CODES,
  TEST_CARDS,
  groupedCardNumber,
  maskCardNumber,
  testCardFor,
  type TestCard,
} from "./test-cards"

interface PageContext {
  bank: SandboxBank
  payment: SandboxPayment
  language: PageLanguage
  texts: PageTexts
  /** the form's action: this page, keeping ?lang= */
  action: string
}

function contextOf(bank: SandboxBank, req: SandboxRequest, payment: SandboxPayment): PageContext {
  const language = pageLanguage(payment.request?.language, req.query.get("lang"))
  const action = `/checkout/${encodeURIComponent(payment.payId)}?lang=${language}`
  return { bank, payment, language, texts: textsFor(language), action }
}

function amountText(payment: SandboxPayment): string {
  return `${minorToMajor(payment.amountMinor).toFixed(2)} ${payment.currency}`
}

/** The value of the Part-by-Part radio: method 4, paid in parts (`isBnpl` in the details). */
const BNPL_CHOICE = "4-bnpl"

/**
 * Part-by-Part (BNPL) is a choice of method 4's page, shown only for a GEL amount within TBC's
 * BNPL terms (100–5,000 GEL), as the live page offers it only within its limits.
 */
export function offersBnpl(payment: Pick<SandboxPayment, "methods" | "currency" | "amountMinor">): boolean {
  return (
    payment.methods.includes(4) &&
    limitVerdict("bnpl", "BNPL", undefined, payment.amountMinor, payment.currency).available &&
    payment.currency === "GEL"
  )
}

function methodRadio(value: string, name: string, checked: boolean): string {
  const id = `method-${value}`
  return `<label><input type="radio" name="method" id="${id}" data-testid="${id}" value="${value}"${checked ? " checked" : ""}> ${escapeHtml(name)}</label>`
}

function checkoutForm({ bank, payment, texts, action }: PageContext, error?: string): string {
  const amount = amountText(payment)
  const preferred = payment.methods.includes(5) ? 5 : payment.methods[0]
  const radios = payment.methods.map((method) =>
    methodRadio(String(method), texts.methods[method] ?? `Method ${method}`, method === preferred)
  )
  if (offersBnpl(payment)) radios.push(methodRadio(BNPL_CHOICE, texts.bnpl, false))
  const methods = radios.join("\n")
  const cards = TEST_CARDS.map(
    (card) => `<li><code>${groupedCardNumber(card.number)}</code> — ${escapeHtml(card.label)}</li>`
  ).join("\n")
  const cardField = payment.methods.some((method) => CARD_METHODS.includes(method))
    ? `<label>${escapeHtml(texts.cardNumber)} <input type="text" name="cardNumber" id="card-number" data-testid="card-number" inputmode="numeric" autocomplete="cc-number" value="${groupedCardNumber(DEFAULT_TEST_CARD.number)}"></label>
${error ? `<p class="error" id="card-error" data-testid="card-error">${escapeHtml(error)}</p>` : ""}
<details id="test-cards" data-testid="test-cards"><summary>${escapeHtml(texts.testCards)}</summary><ul>${cards}</ul></details>`
    : ""
  const saveCard = payment.request?.saveCard
    ? `<label><input type="checkbox" name="saveCard" id="save-card" data-testid="save-card" value="true" checked> ${escapeHtml(texts.saveCard)}</label>`
    : ""
  const preAuth = payment.preAuth ? `<p class="muted" id="preauth">${escapeHtml(texts.preAuth)}</p>` : ""
  const description = payment.description ?? payment.extra
  return `${shopNameLine(bank)}
<h1>${escapeHtml(texts.payTitle(amount))}</h1>
<p class="amount" id="amount" data-testid="amount" data-amount="${minorToMajor(payment.amountMinor)}" data-currency="${payment.currency}">${escapeHtml(amount)}</p>
${description ? `<p id="description" data-testid="description">${escapeHtml(description)}</p>` : ""}
${preAuth}
<form method="post" action="${escapeHtml(action)}" id="checkout-form">
<fieldset><legend>${escapeHtml(texts.method)}</legend>
${methods}
</fieldset>
${cardField}
${saveCard}
<button type="submit" name="action" value="pay" id="pay" data-testid="pay">${escapeHtml(texts.pay)}</button>
<button type="submit" name="action" value="decline" id="decline" data-testid="decline">${escapeHtml(texts.decline)}</button>
</form>
<p class="muted">${escapeHtml(payment.payId)}</p>`
}

/** The 3-D Secure step: the shopper confirms (the card's outcome applies) or cancels (declined). */
function threeDsForm(
  { bank, payment, texts, action }: PageContext,
  card: TestCard,
  method: number,
  saveCard: string | null
): string {
  const threeDsAction = action.replace("?", "/3ds?")
  return `${shopNameLine(bank)}
<h1 id="three-ds" data-testid="three-ds">${escapeHtml(texts.threeDsTitle)}</h1>
<p>${escapeHtml(texts.threeDsText)}</p>
<p class="amount">${escapeHtml(amountText(payment))} · <code>${maskCardNumber(card.number)}</code></p>
<form method="post" action="${escapeHtml(threeDsAction)}">
<input type="hidden" name="method" value="${method}">
<input type="hidden" name="cardNumber" value="${card.number}">
${saveCard === "true" ? `<input type="hidden" name="saveCard" value="true">` : ""}
<button type="submit" name="action" value="confirm" id="confirm-3ds" data-testid="confirm-3ds">${escapeHtml(texts.confirm)}</button>
<button type="submit" name="action" value="cancel" id="cancel-3ds" data-testid="cancel-3ds">${escapeHtml(texts.cancel)}</button>
</form>`
}

/** The payment if it can still be paid, or the page that says why not. */
function payableOr(bank: SandboxBank, req: SandboxRequest, refusedStatus: number): SandboxPayment | Reply {
  sweepExpired(bank)
  const payment = bank.store.payments.get(req.params.payId)
  if (!payment) {
    const texts = textsFor(pageLanguage(undefined, req.query.get("lang")))
    return messagePage(texts.notFound, req.params.payId, 404)
  }
  const { texts, language } = contextOf(bank, req, payment)
  if (payment.status === "Expired") {
    return messagePage(texts.expired, texts.expiredText, refusedStatus || 200, language)
  }
  if (payment.status !== "Created") {
    return messagePage(texts.processed, texts.processedText(payment.status), refusedStatus || 200, language)
  }
  return payment
}

function isReply(value: SandboxPayment | Reply): value is Reply {
  return "status" in value && typeof value.status === "number"
}

export function checkoutPageHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const payment = payableOr(bank, req, 0)
  if (isReply(payment)) return payment
  const context = contextOf(bank, req, payment)
  return htmlReply(page(context.texts.payTitle(amountText(payment)), checkoutForm(context), context.language))
}

/** The form POST: apply the shopper's choice (or show the 3-D Secure step), then 303 to returnurl. */
export function checkoutSubmitHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const payment = payableOr(bank, req, 409)
  if (isReply(payment)) return payment
  const context = contextOf(bank, req, payment)
  const form = req.form()
  const bnpl = form.get("method") === BNPL_CHOICE && offersBnpl(payment)
  const method = bnpl ? 4 : Number(form.get("method") ?? payment.methods[0])
  const saveCard = payment.request?.saveCard ? form.get("saveCard") === "true" : undefined
  if (!payment.methods.includes(method)) {
    return messagePage(
      context.texts.method,
      `Method ${form.get("method") ?? ""} is not offered.`,
      400,
      context.language
    )
  }
  if (form.get("action") === "decline") {
    payPayment(bank, payment, { method, outcome: "decline", saveCard })
    return redirectReply(payment.returnUrl ?? bank.baseUrl)
  }
  if (!CARD_METHODS.includes(method)) {
    payPayment(bank, payment, { method, outcome: "success", saveCard, bnpl })
    return redirectReply(payment.returnUrl ?? bank.baseUrl)
  }
  // a form without the field (a client posting only method/action) pays with the default card
  const card = form.has("cardNumber") ? testCardFor(form.get("cardNumber")) : DEFAULT_TEST_CARD
  if (!card) {
    const html = page(
      context.texts.payTitle(amountText(payment)),
      checkoutForm(context, context.texts.unknownCard),
      context.language
    )
    return htmlReply(html, 400)
  }
  if (card.threeDSecure) {
    return htmlReply(
      page(context.texts.threeDsTitle, threeDsForm(context, card, method, form.get("saveCard")), context.language)
    )
  }
  payWithCard(bank, payment, card, method, saveCard)
  return redirectReply(payment.returnUrl ?? bank.baseUrl)
}

/** POST /checkout/{payId}/3ds: confirm → the card's outcome; cancel → declined (do not honour). */
export function threeDsSubmitHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const payment = payableOr(bank, req, 409)
  if (isReply(payment)) return payment
  const form = req.form()
  const method = Number(form.get("method"))
  const card = testCardFor(form.get("cardNumber"))
  if (!card?.threeDSecure || !payment.methods.includes(method) || !CARD_METHODS.includes(method)) {
    return messagePage("3-D Secure", "This 3-D Secure step does not belong to a test card of this payment.", 400)
  }
  const saveCard = payment.request?.saveCard ? form.get("saveCard") === "true" : undefined
  if (form.get("action") === "confirm") {
    payWithCard(bank, payment, card, method, saveCard)
  } else {
    payPayment(bank, payment, {
      method,
      outcome: "decline",
      saveCard,
      cardMask: maskCardNumber(card.number),
      resultCode: RESULT_CODES.doNotHonour,
    })
  }
  return redirectReply(payment.returnUrl ?? bank.baseUrl)
}

function payWithCard(
  bank: SandboxBank,
  payment: SandboxPayment,
  card: TestCard,
  method: number,
  saveCard: boolean | undefined
): void {
  payPayment(bank, payment, {
    method,
    outcome: card.outcome,
    saveCard,
    cardMask: maskCardNumber(card.number),
    resultCode: card.resultCode,
  })
}
