/**
 * Hosted pages: the checkout page at the approval URL (GET/POST /checkout/{payId}) and the
 * installment page at the Location URL (GET/POST /installments/{sessionId}). Self-contained HTML
 * (no external assets) with stable ids for browser tests: #pay, #decline, #save-card,
 * input[name=method] (#method-5 …), #approve, #decline (installments), #message.
 */
import { minorToMajor } from "../lib/money"
import { APPLICATION_STATUS_NAMES, CONFIRMABLE_STATUSES, changeApplicationStatus } from "./applications"
import type { SandboxBank } from "./bank"
import { htmlReply, redirectReply, type Reply, type SandboxRequest } from "./http-io"
import { payPayment, sweepExpired } from "./payment-machine"
import type { SandboxApplication, SandboxPayment } from "./store"

export const METHOD_NAMES: Record<number, string> = {
  4: "Web QR",
  5: "Card",
  6: "Loyalty points",
  7: "Internet bank",
  8: "Installment",
  9: "Apple Pay",
  11: "Saved card",
  14: "Google Pay",
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:2rem;color:#1d2733}
main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.2rem;margin-top:0}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.muted{color:#667}label{display:block;margin:.4rem 0}fieldset{border:1px solid #dde;border-radius:8px}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:8px;border:0;margin:1rem .5rem 0 0;cursor:pointer}
#pay,#approve{background:#00a3e0;color:#fff}#decline{background:#e6e8eb}
.banner{background:#fff4d6;padding:.3rem .6rem;border-radius:6px;font-size:.8rem}
</style></head><body><main>
<p class="banner">TBC sandbox bank — no real money moves</p>
${body}
</main></body></html>`
}

function messagePage(title: string, message: string, status = 200): Reply {
  return htmlReply(page(title, `<h1>${escapeHtml(title)}</h1><p id="message" data-testid="message">${escapeHtml(message)}</p>`), status)
}

function checkoutForm(payment: SandboxPayment): string {
  const amount = `${minorToMajor(payment.amountMinor).toFixed(2)} ${payment.currency}`
  const preferred = payment.methods.includes(5) ? 5 : payment.methods[0]
  const methods = payment.methods
    .map((method) => {
      const checked = method === preferred ? " checked" : ""
      const name = escapeHtml(METHOD_NAMES[method] ?? `Method ${method}`)
      return `<label><input type="radio" name="method" id="method-${method}" data-testid="method-${method}" value="${method}"${checked}> ${name}</label>`
    })
    .join("\n")
  const saveCard = payment.request?.saveCard
    ? `<label><input type="checkbox" name="saveCard" id="save-card" data-testid="save-card" value="true" checked> Save my card for later payments</label>`
    : ""
  const preAuth = payment.preAuth ? `<p class="muted" id="preauth">The amount will be blocked on your card until the merchant confirms it.</p>` : ""
  return `<h1>Pay ${escapeHtml(amount)}</h1>
<p class="amount" id="amount" data-testid="amount" data-amount="${minorToMajor(payment.amountMinor)}" data-currency="${payment.currency}">${escapeHtml(amount)}</p>
<p id="description" data-testid="description">${escapeHtml(payment.description ?? payment.extra ?? "Merchant payment")}</p>
${preAuth}
<form method="post" action="/checkout/${encodeURIComponent(payment.payId)}" id="checkout-form">
<fieldset><legend>Payment method</legend>
${methods}
</fieldset>
${saveCard}
<button type="submit" name="action" value="pay" id="pay" data-testid="pay">Pay</button>
<button type="submit" name="action" value="decline" id="decline" data-testid="decline">Decline</button>
</form>
<p class="muted">Payment ${escapeHtml(payment.payId)}</p>`
}

export function checkoutPageHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  sweepExpired(bank)
  const payment = bank.store.payments.get(req.params.payId)
  if (!payment) {
    return messagePage("Payment not found", `There is no payment ${req.params.payId}.`, 404)
  }
  if (payment.status === "Expired") {
    return messagePage("Payment expired", "This payment has expired. Please return to the shop and try again.")
  }
  if (payment.status !== "Created") {
    return messagePage("Payment already processed", `This payment is already ${payment.status}.`)
  }
  return htmlReply(page(`Pay ${payment.currency}`, checkoutForm(payment)))
}

/** The form POST: apply the customer's choice, then 303 back to the shop's returnurl. */
export function checkoutSubmitHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  sweepExpired(bank)
  const payment = bank.store.payments.get(req.params.payId)
  if (!payment) {
    return messagePage("Payment not found", `There is no payment ${req.params.payId}.`, 404)
  }
  if (payment.status !== "Created") {
    const title = payment.status === "Expired" ? "Payment expired" : "Payment already processed"
    return messagePage(title, `This payment is ${payment.status}; nothing was charged.`, 409)
  }
  const form = req.form()
  const method = Number(form.get("method") ?? payment.methods[0])
  const outcome = form.get("action") === "decline" ? "decline" : "success"
  const saveCard = payment.request?.saveCard ? form.get("saveCard") === "true" : undefined
  if (!payment.methods.includes(method)) {
    return messagePage("Choose a payment method", `Method ${form.get("method") ?? ""} is not offered.`, 400)
  }
  payPayment(bank, payment, { method, outcome, saveCard })
  return redirectReply(payment.returnUrl ?? bank.baseUrl)
}

function installmentForm(application: SandboxApplication): string {
  const amount = `${minorToMajor(application.priceTotalMinor).toFixed(2)} GEL`
  const products = application.products
    .map((p) => `<li>${escapeHtml(p.name)} — ${p.quantity} × ${p.price.toFixed(2)} GEL</li>`)
    .join("\n")
  return `<h1>Installment loan for ${escapeHtml(amount)}</h1>
<p class="amount" id="amount" data-testid="amount" data-amount="${minorToMajor(application.priceTotalMinor)}">${escapeHtml(amount)}</p>
<ul id="products">${products}</ul>
<form method="post" action="/installments/${encodeURIComponent(application.sessionId)}">
<button type="submit" name="action" value="approve" id="approve" data-testid="approve">Approve</button>
<button type="submit" name="action" value="decline" id="decline" data-testid="decline">Decline</button>
</form>`
}

/** Statuses in which the customer still has the application in front of them. */
const CUSTOMER_STATUSES = [0, 1, 10, 11, 12]

export function installmentPageHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const application = bank.store.applications.get(req.params.sessionId)
  if (!application) {
    return messagePage("Application not found", `There is no application ${req.params.sessionId}.`, 404)
  }
  if (!CUSTOMER_STATUSES.includes(application.statusId)) {
    const name = APPLICATION_STATUS_NAMES[application.statusId]
    return messagePage("Application processed", `This application is ${name}. You may return to the shop.`)
  }
  return htmlReply(page("Installment", installmentForm(application)))
}

/** Approve → WaitingForMerchant (5): the bank approved, the merchant must confirm. Decline → Declined (6). */
export function installmentSubmitHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const application = bank.store.applications.get(req.params.sessionId)
  if (!application) {
    return messagePage("Application not found", `There is no application ${req.params.sessionId}.`, 404)
  }
  if (!CUSTOMER_STATUSES.includes(application.statusId)) {
    return messagePage("Application processed", `This application is ${APPLICATION_STATUS_NAMES[application.statusId]}.`, 409)
  }
  const approve = req.form().get("action") !== "decline"
  changeApplicationStatus(bank, application, approve ? CONFIRMABLE_STATUSES[1] : 6)
  const outcome = approve ? "approved; the shop will confirm your order" : "declined"
  return messagePage(approve ? "Application approved" : "Application declined", `Your installment application was ${outcome}.`)
}
