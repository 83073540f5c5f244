// The page's status line and error box, and the wrapper that puts every failure in front of the shopper.
import { $, show } from "./view.js"

export function showMessage(text) {
  $("#message").textContent = text || ""
  show("#message", Boolean(text))
}

export function showError(error) {
  const text = error ? (error.message || String(error)) : ""
  $("#error").textContent = text
  show("#error", Boolean(text))
  if (text) showMessage("")
}

/**
 * Runs a UI action with its errors shown on the page, never swallowed. A shopper's action clears
 * the previous error first; background steps (clear: false) leave it for the shopper to read.
 */
export async function guarded(action, { clear = true } = {}) {
  if (clear) showError(null)
  try {
    await action()
  } catch (error) {
    showError(error)
  }
}

