// The demo shop page: products → cart → address → delivery → payment → bank → order confirmation.
import { storeApi, customerToken } from "./store-api.js"
import { CHECKOUT_PROVIDER, INSTALLMENTS_PROVIDER, MERCHANT_CHARGES_WORDS, ORDER_PAYMENT_WORDS, completeOrder, offeredTbcOptions, orderPaymentOf, pendingPayment, startPayment } from "./checkout.js"
import { $, el, formatGel, paymentChoices, show } from "./view.js"
import { openBankTab, stopWaitingForInstallments, waitForInstallmentApplication } from "./installments-tab.js"
import { guarded, showError, showMessage } from "./notices.js"
import { forgetCart, refreshCart, renderCart, renderProducts, state } from "./cart.js"

function addressFromForm() {
  const value = (id) => $(`#${id}`).value.trim()
  return {
    first_name: value("first-name"), last_name: value("last-name"), address_1: value("address-1"),
    city: value("city"), postal_code: value("postal-code"), phone: value("phone"), country_code: "ge",
  }
}

async function saveAddress(event) {
  event.preventDefault()
  const address = addressFromForm()
  await storeApi.updateCart(state.cartId, { email: $("#email").value.trim(), shipping_address: address, billing_address: address })
  await renderShippingOptions()
}

/** The delivery choices for the cart's address, the cart's current one checked. */
async function renderShippingOptions() {
  const { shipping_options } = await storeApi.listShippingOptions(state.cartId)
  const chosen = state.cart?.shipping_methods?.[0]?.shipping_option_id
  const box = $("#shipping-options")
  box.replaceChildren()
  if (shipping_options.length === 0) box.append(el("p", { class: "muted" }, "No delivery to this address."))
  for (const option of shipping_options) {
    box.append(el("label", { class: "choice" },
      el("input", { type: "radio", name: "shipping", value: option.id, "data-testid": "shipping-option",
        checked: option.id === chosen ? "checked" : null, onchange: () => guarded(() => chooseShipping(option.id)) }),
      el("span", {}, `${option.name} — ${formatGel(option.amount ?? option.calculated_price?.calculated_amount)}`)))
  }
  show("#shipping-step", true)
}

/** Back on the page with a cart that has an address: show it and the steps already done. */
async function restoreCheckoutSteps() {
  const cart = state.cart
  if (!cart?.shipping_address?.address_1) return
  const fields = { "first-name": "first_name", "last-name": "last_name", "address-1": "address_1", city: "city", "postal-code": "postal_code", phone: "phone" }
  for (const [id, key] of Object.entries(fields)) if (cart.shipping_address[key]) $(`#${id}`).value = cart.shipping_address[key]
  if (cart.email) $("#email").value = cart.email
  await renderShippingOptions()
  if (cart.shipping_methods?.length) await renderPaymentChoices()
}

async function chooseShipping(optionId) {
  await storeApi.addShippingMethod(state.cartId, optionId)
  await refreshCart()
  await renderPaymentChoices()
}

async function renderPaymentChoices() {
  const { payment_providers } = await storeApi.listPaymentProviders()
  const savedCards = state.customer ? await storeApi.listSavedCards() : []
  // TBC's own providers only where the store offers them for this cart (a method outside its min/max
  // is hidden), each saying whether it holds the money as the store's settings now stand
  const tbcOffered = await offeredTbcOptions(state.cartId)
  const ids = payment_providers.map((provider) => provider.id)
  state.choices = paymentChoices(ids, savedCards, tbcOffered)
  const box = $("#payment-methods")
  box.replaceChildren(...state.choices.map((choice, index) =>
    el("label", { class: "choice" },
      el("input", { type: "radio", name: "payment", value: String(index), "data-testid": choice.testId,
        checked: index === 0 ? "checked" : null, onchange: updateSaveCardRow }),
      el("span", {}, el("strong", {}, choice.label), choice.hint ? el("span", { class: "muted" }, ` — ${choice.hint}`) : null))))
  if (state.choices.length === 0) box.append(el("p", { class: "error" }, "No payment method is enabled for this region."))
  updateSaveCardRow()
}

function selectedChoice() {
  const checked = document.querySelector('input[name="payment"]:checked')
  return checked ? state.choices[Number(checked.value)] : null
}
const PREAUTH_SAVED_CARD_NOTE =
  "This payment is only held until the shop confirms your order: the saved card can be used from then on."

/**
 * "Save this card" only where a new card is entered on the bank's page: a logged-in customer and
 * the TBC card choice, never a saved card (that card is saved already; unticked and hidden).
 */
function updateSaveCardRow() {
  const choice = selectedChoice()
  const offered = Boolean(state.customer && choice?.providerId === CHECKOUT_PROVIDER && !choice?.savedCard)
  if (!offered) $("#save-card").checked = false
  show("#save-card-row", offered)
  // the second tick is offered only once the card is to be saved, and is never ticked for the shopper
  $("#merchant-charges-words").textContent = MERCHANT_CHARGES_WORDS
  if (!$("#save-card").checked) $("#merchant-charges").checked = false
  show("#merchant-charges-row", offered && $("#save-card").checked)
  // the bank's rule: with preauthorization a card saved by this payment works once the shop captures it
  // (the choice's own holds_money: the store's setting as it is now, not as the demo started)
  $("#save-card-note").textContent = choice?.holdsMoney ? PREAUTH_SAVED_CARD_NOTE : ""
  show("#save-card-note", Boolean(choice?.holdsMoney))
}

async function pay() {
  const choice = selectedChoice()
  if (!choice) throw new Error("Choose a payment method first.")
  const installments = choice.providerId === INSTALLMENTS_PROVIDER
  const bankTab = installments ? openBankTab() : null // before any await: popup rules
  const data = { ...choice.data }
  if (!$("#save-card-row").hidden && $("#save-card").checked) data.save_card = true
  if (data.save_card && !$("#merchant-charges-row").hidden && $("#merchant-charges").checked) data.merchant_charges = true
  $("#pay-button").disabled = true
  try {
    showMessage(choice.savedCard ? "Paying with your saved card…" : "Opening the bank's page…")
    const outcome = await startPayment(state.cartId, { ...choice, data }, showWaitingForBank)
    if (outcome.redirectUrl && bankTab) {
      bankTab.location.href = outcome.redirectUrl
      showMessage("Fill in the installment application in the TBC tab, then come back here.")
      waitForInstallmentApplication(() => finishPayment(state.cartId, choice.label, choice.providerId))
      return
    }
    if (outcome.redirectUrl) {
      window.location.assign(outcome.redirectUrl)
      return
    }
    await showConfirmation(outcome.order, choice.label, outcome.message, state.cartId)
  } catch (error) {
    bankTab?.close()
    throw error
  } finally {
    $("#pay-button").disabled = false
  }
}

/**
 * `note`: the kit's words when the order awaits the bank's decision (null when paid). The payment
 * shown is the one the store recorded (the method the bank reports, the card, an installment's
 * status), not the button pressed; the button's label only when the store cannot say.
 */
async function showConfirmation(order, paymentLabel, note, cartId) {
  const lines = await orderPaymentOf(order.id, cartId)
  const line = (label) => lines.find((candidate) => candidate.label === label)?.value ?? ""
  const words = ORDER_PAYMENT_WORDS
  forgetCart()
  renderCart()
  showMessage("")
  $("#order-display-id").textContent = `#${order.display_id}`
  $("#order-id").textContent = order.id
  $("#order-total").textContent = formatGel(order.total)
  $("#order-payment").textContent = `${line(words.method) || paymentLabel || "TBC"}${note ? " (awaiting the bank's decision)" : ""}`
  $("#order-card").textContent = line(words.card) ? `${words.card} ${line(words.card)}` : ""
  $("#order-installment").textContent = line(words.installment) ? `${words.installment}: ${line(words.installment)}` : ""
  $("#order-note").textContent = note || ""
  show("#order-note", Boolean(note))
  show("#shop", false)
  show("#confirmation", true)
}

/** Back from the bank (?cart=… or the cart remembered before leaving): place the order. */
async function resumeAfterBank() {
  const params = new URLSearchParams(window.location.search)
  const pending = pendingPayment.get()
  const cartId = params.get("cart") || pending?.cartId
  if (!cartId) return
  history.replaceState(null, "", window.location.pathname)
  if (!params.get("cart") && pending?.providerId === INSTALLMENTS_PROVIDER) {
    // The application may still be open in the bank's tab: let the shopper say when it is done.
    await refreshCart()
    await restoreCheckoutSteps()
    waitForInstallmentApplication(() => finishPayment(cartId, pending.label, pending.providerId))
    return
  }
  await finishPayment(cartId, pending?.label, pending?.providerId)
}

/**
 * The bank has not decided yet (no order, nothing to pay again): the kit keeps asking meanwhile.
 * An installment application's status, in the kit's words, when the store names one.
 */
function showWaitingForBank(message, installmentStatus) {
  const status = installmentStatus ? ` ${installmentStatus}.` : ""
  showMessage(`Waiting for the bank: ${message}${status} This page updates by itself.`)
}

/** Completes the cart into an order, or shows why not with the checkout ready for another try. */
async function finishPayment(cartId, label, providerId) {
  showError(null)
  showMessage("Confirming your payment with the bank…")
  try {
    const { order, message } = await completeOrder(cartId, providerId, showWaitingForBank)
    stopWaitingForInstallments()
    await showConfirmation(order, label, message, cartId)
  } catch (error) {
    stopWaitingForInstallments()
    // Put the checkout back as it was (address, delivery, payment choices), then say what happened.
    try {
      await refreshCart()
      await restoreCheckoutSteps()
    } finally {
      showError(error)
    }
  }
}

async function restoreLogin() {
  if (!customerToken.get()) return renderAccount()
  try {
    state.customer = (await storeApi.me()).customer
  } catch {
    customerToken.clear()
  }
  renderAccount()
}
function renderAccount() {
  const demoLogin = storeApi.config.demoLogin
  $("#demo-login").textContent = demoLogin ? `Demo customer: ${demoLogin.email} / ${demoLogin.password}` : ""
  show("#demo-login", Boolean(demoLogin && !state.customer))
  show("#login-form", !state.customer)
  show("#logged-in", Boolean(state.customer))
  $("#customer-email").textContent = state.customer?.email || ""
  if (state.customer) $("#email").value = state.customer.email
}
async function login(event) {
  event.preventDefault()
  const { token } = await storeApi.login($("#login-email").value.trim(), $("#login-password").value)
  customerToken.set(token)
  state.customer = (await storeApi.me()).customer
  renderAccount()
  if (state.cartId) await storeApi.transferCartToCustomer(state.cartId)
  await refreshCart()
  await restoreCheckoutSteps()
  showMessage(`Welcome back, ${state.customer.first_name || state.customer.email}.`)
}
function logout() {
  customerToken.clear()
  state.customer = null
  forgetCart() // the cart belongs to the customer now
  renderAccount()
  renderCart()
}

async function init() {
  document.title = `${storeApi.config.storeName} · TBC payments demo`
  $("#store-name").textContent = storeApi.config.storeName
  $("#backend-url").textContent = storeApi.config.backendUrl
  $("#sandbox-url").textContent = storeApi.config.sandboxUrl || "—"
  $("#login-form").addEventListener("submit", (event) => guarded(() => login(event)))
  $("#logout").addEventListener("click", logout)
  $("#checkout-form").addEventListener("submit", (event) => guarded(() => saveAddress(event)))
  $("#pay-button").addEventListener("click", () => guarded(pay))
  $("#save-card").addEventListener("change", updateSaveCardRow)
  $("#continue-shopping").addEventListener("click", () => {
    show("#confirmation", false)
    show("#shop", true)
  })
  // Back from the bank with the browser's Back button (installments): the page comes from the cache.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && pendingPayment.get()) guarded(resumeAfterBank, { clear: false })
  })
  const background = { clear: false }
  await guarded(restoreLogin, background)
  await guarded(async () => renderProducts((await storeApi.listProducts()).products), background)
  await guarded(resumeAfterBank, background)
  if (!$("#confirmation").hidden) return
  await guarded(refreshCart, background)
  await guarded(restoreCheckoutSteps, background)
}

init()
