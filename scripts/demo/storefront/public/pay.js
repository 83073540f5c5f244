// The page a TBC payment link opens (/pay/<link id>?token=…): the kit's pure view of the link in
// the shopper's language (ka, en, ru), and its two moves: read the link (again while the bank
// confirms), and Pay (the bank's page; back from it at /pay/<id>?returned=1, the tab's token reads it).
import { createTbcStoreClient } from "/kit/store-client.js"
import { tbcPaymentLinkFromUrl, tbcPaymentLinkView } from "/kit/payment-link.js"
import { followTbcPaymentLink, payTbcPaymentLink } from "/kit/payment-link-flow.js"
import { toTbcLocale } from "/kit/words.js"

const config = window.TBC_DEMO_CONFIG
const store = createTbcStoreClient({ backendUrl: config.backendUrl, publishableKey: config.publishableKey })
const $ = (selector) => document.querySelector(selector)
const LANGUAGE_KEY = "tbc-demo-language"

/** ?lang= wins and is kept (the bank's way back carries none), else the kept one, else the browser's. */
function language() {
  const asked = new URLSearchParams(location.search).get("lang")
  if (asked) localStorage.setItem(LANGUAGE_KEY, toTbcLocale(asked))
  return toTbcLocale(asked || localStorage.getItem(LANGUAGE_KEY) || navigator.language)
}
let locale = language()

const named = tbcPaymentLinkFromUrl(location.href)
const link = named && named.token ? { linkId: named.linkId, token: named.token } : null
let state = link ? { status: "loading" } : named && named.returned ? { status: "returned" } : { status: "missing" }

function render() {
  const view = tbcPaymentLinkView(state, locale)
  document.documentElement.lang = locale
  document.title = `${view.title} · ${config.storeName}`
  $("#store-name").textContent = config.storeName
  $("#link-title").textContent = view.title
  $("#link-order").textContent = view.order ?? ""
  $("#link-message").textContent = view.message
  $("#link-lines").replaceChildren(
    ...view.lines.map((line) => {
      const item = document.createElement("li")
      item.textContent = `${line.title} ${line.quantity} — ${line.amount}`
      return item
    })
  )
  $("#link-amount").textContent = view.amount ? `${view.amount.label}: ${view.amount.value}` : ""
  $("#link-expires").textContent = view.expires ? `${view.expires.label}: ${view.expires.value}` : ""
  const pay = $("#link-pay")
  pay.hidden = !view.pay
  pay.disabled = Boolean(view.pay?.busy)
  pay.textContent = view.pay?.label ?? ""
  $("#link-error").hidden = !view.error
  $("#link-error").textContent = view.error ?? ""
}
const setState = (next) => {
  state = next
  render()
}

$("#link-pay").addEventListener("click", async () => {
  if (!link || state.status !== "loaded") return
  const url = await payTbcPaymentLink(store, link, state.link, locale, setState)
  if (url) window.location.assign(url)
})
for (const button of document.querySelectorAll("[data-lang]")) {
  button.addEventListener("click", () => {
    locale = toTbcLocale(button.dataset.lang)
    localStorage.setItem(LANGUAGE_KEY, locale)
    render()
  })
}

render()
if (link) followTbcPaymentLink(store, link, setState)
