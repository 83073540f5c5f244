/**
 * Medusa's side of an order that changes after checkout, as the order-change specs read it: the
 * admin's order view, its payment collections, its order changes, and the returns, claims and
 * exchanges begun through Medusa's own Admin API. Every amount in integer tetri.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { BigNumber } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import type { AxiosInstance } from "axios"
import { toTetri } from "./checkout-orders"

export interface AdminOrderView {
  total: unknown
  summary: { pending_difference: unknown }
  items: { id: string; quantity: number; total: unknown }[]
}

export async function adminOrder(api: AxiosInstance, orderId: string, admin: object): Promise<AdminOrderView> {
  const { data } = await api.get(
    `/admin/orders/${orderId}?fields=id,total,summary,items.id,items.quantity,items.total`,
    admin
  )
  return data.order
}

/** The order's payment collections, oldest first (the checkout's is the first): status, amount and captured, in tetri. */
export async function collectionsOf(container: MedusaContainer, orderId: string) {
  const { data } = await container.resolve("query").graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.created_at",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.captured_amount",
    ],
    filters: { id: orderId },
  })
  const collections = (data[0] as { payment_collections: Record<string, unknown>[] }).payment_collections
  return [...collections]
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
    .map((collection) => ({
      status: collection.status,
      amountTetri: toTetri(collection.amount),
      capturedTetri: toTetri(collection.captured_amount),
    }))
}

/** The order's first payment collection (the checkout's). */
export const collectionOf = async (container: MedusaContainer, orderId: string) =>
  (await collectionsOf(container, orderId))[0]

/** The order's changes of `type` (Medusa's change_type: edit, return_request, claim, exchange, credit_line). */
async function orderChangesOf(container: MedusaContainer, orderId: string, type: string) {
  const { data } = await container.resolve("query").graph({
    entity: "order_change",
    fields: ["id", "status", "change_type", "internal_note"],
    filters: { order_id: orderId },
  })
  return (data as { status: string; change_type: string; internal_note: string | null }[]).filter(
    (c) => c.change_type === type
  )
}

export const orderChangeStatuses = async (container: MedusaContainer, orderId: string, type = "edit") =>
  (await orderChangesOf(container, orderId, type)).map((c) => c.status)

/** Each change of `type`: its status and the note kept on it (the merchant's reason). */
export const orderChangeNotes = async (container: MedusaContainer, orderId: string, type: string) =>
  (await orderChangesOf(container, orderId, type)).map((c) => [c.status, c.internal_note])

/** Every item of the order fulfilled (a return, claim or exchange takes back only what was fulfilled). */
export async function fulfillAll(container: MedusaContainer, orderId: string): Promise<void> {
  const { data } = await container.resolve("query").graph({
    entity: "order",
    fields: ["id", "items.*"],
    filters: { id: orderId },
  })
  const items = (data[0] as { items: { id: string; quantity: unknown }[] }).items.map((item) => ({
    id: item.id,
    quantity: new BigNumber(item.quantity as number).numeric,
  }))
  await createOrderFulfillmentWorkflow(container).run({ input: { order_id: orderId, items } })
}

export type TakenBackKind = "return" | "claim" | "exchange"

/**
 * Begins a `kind` of one unit of `itemId` through Medusa's Admin API, as the dashboard does, up to
 * its confirmation: returns the confirm path (POST confirms, DELETE cancels it).
 */
export async function beginTakingBack(
  api: AxiosInstance,
  admin: object,
  kind: TakenBackKind,
  orderId: string,
  itemId: string
): Promise<string> {
  const item = { id: itemId, quantity: 1 }
  if (kind === "return") {
    const id = (await api.post("/admin/returns", { order_id: orderId }, admin)).data.return.id
    await api.post(`/admin/returns/${id}/request-items`, { items: [item] }, admin)
    return `/admin/returns/${id}/request`
  }
  if (kind === "claim") {
    const id = (await api.post("/admin/claims", { order_id: orderId, type: "refund" }, admin)).data.claim.id
    await api.post(`/admin/claims/${id}/claim-items`, { items: [{ ...item, reason: "production_failure" }] }, admin)
    return `/admin/claims/${id}/request`
  }
  const id = (await api.post("/admin/exchanges", { order_id: orderId }, admin)).data.exchange.id
  await api.post(`/admin/exchanges/${id}/inbound/items`, { items: [item] }, admin)
  return `/admin/exchanges/${id}/request`
}

/** The order's credit lines: amount in tetri and reference. */
export async function creditLinesOf(container: MedusaContainer, orderId: string) {
  const { data } = await container.resolve("query").graph({
    entity: "order",
    fields: ["id", "credit_lines.*"],
    filters: { id: orderId },
  })
  const credits = (data[0] as { credit_lines: { amount: unknown; reference: string }[] }).credit_lines
  return credits.map((credit) => [toTetri(credit.amount), credit.reference])
}
