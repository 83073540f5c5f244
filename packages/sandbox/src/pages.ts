/**
 * Hosted pages: the page shell shared with the checkout page (checkout-page.ts) and the
 * installment page at the Location URL (GET/POST /installments/{sessionId}). Self-contained HTML
 * (no external assets) with stable ids for browser tests: #approve, #decline, #message.
 */
import { minorToMajor } from "medusa-payment-tbc/lib"
import { APPLICATION_STATUS_NAMES, CONFIRMABLE_STATUSES, changeApplicationStatus } from "./applications"
import type { SandboxBank } from "./bank"
import { htmlReply, type Reply, type SandboxRequest } from "./http-io"
import type { SandboxApplication } from "./store"

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function page(title: string, body: string, language = "en"): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:2rem;color:#1d2733}
main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.2rem;margin-top:0}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.muted{color:#667}label{display:block;margin:.4rem 0}fieldset{border:1px solid #dde;border-radius:8px}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:8px;border:0;margin:1rem .5rem 0 0;cursor:pointer}
#pay,#approve,#confirm-3ds{background:#00a3e0;color:#fff}#decline,#cancel-3ds{background:#e6e8eb}
input[type=text]{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}.shop{font-weight:600}
.error{color:#b00020}
.banner{background:#fff4d6;padding:.3rem .6rem;border-radius:6px;font-size:.8rem}
</style></head><body><main>
<p class="banner">TBC sandbox bank — no real money moves</p>
${body}
</main></body></html>`
}

export function messagePage(title: string, message: string, status = 200, language = "en"): Reply {
  return htmlReply(
    page(
      title,
      `<h1>${escapeHtml(title)}</h1><p id="message" data-testid="message">${escapeHtml(message)}</p>`,
      language
    ),
    status
  )
}

/** The merchant's name as its pages show it (the sandbox's `shopName`: the store's name in the demo). */
export function shopNameLine(bank: SandboxBank): string {
  return `<p class="shop" id="shop-name" data-testid="shop-name">${escapeHtml(bank.config.shopName)}</p>`
}

function installmentForm(bank: SandboxBank, application: SandboxApplication): string {
  const amount = `${minorToMajor(application.priceTotalMinor).toFixed(2)} GEL`
  const products = application.products
    .map((p) => `<li>${escapeHtml(p.name)} — ${p.quantity} × ${p.price.toFixed(2)} GEL</li>`)
    .join("\n")
  return `${shopNameLine(bank)}
<h1>Installment loan for ${escapeHtml(amount)}</h1>
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
  return htmlReply(page("Installment", installmentForm(bank, application)))
}

/** Approve → WaitingForMerchant (5): the bank approved, the merchant must confirm. Decline → Declined (6). */
export function installmentSubmitHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  const application = bank.store.applications.get(req.params.sessionId)
  if (!application) {
    return messagePage("Application not found", `There is no application ${req.params.sessionId}.`, 404)
  }
  if (!CUSTOMER_STATUSES.includes(application.statusId)) {
    return messagePage(
      "Application processed",
      `This application is ${APPLICATION_STATUS_NAMES[application.statusId]}.`,
      409
    )
  }
  const approve = req.form().get("action") !== "decline"
  changeApplicationStatus(bank, application, approve ? CONFIRMABLE_STATUSES[1] : 6)
  const outcome = approve ? "approved; the shop will confirm your order" : "declined"
  return messagePage(
    approve ? "Application approved" : "Application declined",
    `Your installment application was ${outcome}.`
  )
}
