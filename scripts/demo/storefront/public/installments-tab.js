// TBC installments: the bank's application page does not send the shopper back to the shop, so it
// opens in its own tab and this page waits until the shopper says they are done there. The store
// places no order before the bank approves: the page then says "waiting for the bank" and keeps
// asking the store's payment status (read-only) until the bank decides, then completes the cart.
import { $, show } from "./view.js"

/**
 * Opens an empty tab for the bank page. Call it synchronously inside the click handler (before any
 * await), or the browser blocks it as a popup. Returns null when it was blocked anyway.
 */
export function openBankTab() {
  return window.open("about:blank", "tbc-installments")
}

/** Shows the "finish at TBC, then press the button" panel; `onDone` runs on the button. */
export function waitForInstallmentApplication(onDone) {
  show("#installments-wait", true)
  show("#pay-button", false)
  const button = $("#installments-done")
  button.onclick = async () => {
    button.disabled = true
    try {
      await onDone()
    } finally {
      button.disabled = false
    }
  }
}

export function stopWaitingForInstallments() {
  show("#installments-wait", false)
  show("#pay-button", true)
}
