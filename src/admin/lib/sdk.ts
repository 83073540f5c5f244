/**
 * Medusa's JS SDK for the plugin's admin calls, as Medusa's own admin extensions do: requests go
 * to the backend's URL (`__BACKEND_URL__`, set at admin build time; same origin when empty), with
 * the admin's session cookie, so the page also works when the admin is hosted apart from the backend.
 */
import Medusa from "@medusajs/js-sdk"

export const sdk = new Medusa({
  baseUrl: __BACKEND_URL__ || "/",
  auth: { type: "session" },
})
