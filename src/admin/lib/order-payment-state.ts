/**
 * What the order widget shows of an order's TBC payment: which rows, under which words, and when
 * to ask the backend again. Pure (no React, no I/O), so it is unit-tested on its own.
 */
import { majorToMinorExact, minorToMajor } from "../../lib/money"
import type { OrderPaymentView } from "./api"
import { checkoutStatusText, installmentStatusName, isKnownInstallmentStatus, tEn, type TbcT } from "./i18n"

export type TbcPaymentView = NonNullable<OrderPaymentView["payment"]>

/** Bank statuses of a payment whose money was taken (wholly or partly), i.e. no longer a hold. */
const TAKEN_STATUSES = new Set(["Succeeded", "PaymentCompletionProcessing", "PartialReturned", "Returned"])

/** Captured in Medusa, or completed at the bank (e.g. a capture whose Medusa side is still on its way). */
export function isCaptured(payment: TbcPaymentView): boolean {
  if (payment.captured_at) return true
  const checkout = payment.checkout
  return checkout !== null && ((checkout.confirmed_amount ?? 0) > 0 || TAKEN_STATUSES.has(checkout.status))
}

/** A preauthorization the bank still holds and Medusa has neither captured nor canceled. */
export function isHeld(payment: TbcPaymentView): boolean {
  const checkout = payment.checkout
  return (
    Boolean(checkout?.pre_auth) && checkout?.status === "WaitingConfirm" && !payment.canceled_at && !isCaptured(payment)
  )
}

/** "Authorized (held)" only while the hold stands; after capture or cancel the amount is what was authorized. */
export function authorizedLabel(payment: TbcPaymentView, t: TbcT = tEn): string {
  return isHeld(payment) ? t("tbc.widget.authorizedHeld") : t("tbc.widget.authorized")
}

/** The "Complete by" block (deadline, days left, warning) matters only while the hold stands. */
export function showsCompletionDeadline(payment: TbcPaymentView): boolean {
  return payment.preauth !== null && payment.preauth.awaiting_completion && isHeld(payment)
}

export type BadgeColor = "green" | "orange" | "red" | "grey"

/** The header badge: the bank status in words, coloured by what it means for the merchant. */
export function bankStatusBadge(payment: TbcPaymentView, t: TbcT = tEn): { label: string; color: BadgeColor } | null {
  if (payment.checkout) {
    const status = payment.checkout.status
    const color: BadgeColor =
      status === "Succeeded"
        ? "green"
        : status === "WaitingConfirm"
          ? "orange"
          : status === "Failed" || status === "Expired"
            ? "red"
            : "grey"
    return { label: checkoutStatusText(status, t), color }
  }
  if (payment.installment) {
    return { label: installmentStatusName(payment.installment.status_id, t), color: "grey" }
  }
  return null
}

/** The application's status in words; the bank's own description only when it knows an id we do not. */
export function installmentStatusText(installment: NonNullable<TbcPaymentView["installment"]>, t: TbcT = tEn): string {
  return !isKnownInstallmentStatus(installment.status_id, t) && installment.description
    ? installment.description
    : installmentStatusName(installment.status_id, t)
}

/** The slice of Medusa's admin order that changes when its payments are captured, canceled or refunded. */
export interface OrderPaymentsState {
  id: string
  payment_status?: string | null
  payment_collections?:
    | {
        id: string
        status?: string | null
        captured_amount?: unknown
        refunded_amount?: unknown
        payments?:
          { id: string; captured_at?: unknown; canceled_at?: unknown; refunds?: { id: string }[] | null }[] | null
      }[]
    | null
}

/**
 * A key for the widget's query that changes whenever the order's payments do. The dashboard
 * refetches the order after a capture or refund and hands the widget the new order, so a new key
 * makes the widget ask the bank again: no wiring into the dashboard's own mutations needed.
 */
export function paymentsStateKey(order: OrderPaymentsState): string {
  const collections = (order.payment_collections ?? []).map((c) => [
    c.id,
    c.status ?? null,
    c.captured_amount ?? null,
    c.refunded_amount ?? null,
    (c.payments ?? []).map((p) => [p.id, Boolean(p.captured_at), Boolean(p.canceled_at), (p.refunds ?? []).length]),
  ])
  return JSON.stringify([order.payment_status ?? null, collections])
}

export const money = (amount: number | null | undefined, currency: string | null | undefined): string =>
  amount === null || amount === undefined ? "—" : `${amount.toFixed(2)} ${currency ?? ""}`.trim()

export function daysLeftText(daysLeft: number, t: TbcT = tEn): string {
  const whole = Math.max(0, Math.floor(daysLeft))
  return whole === 0 ? t("tbc.widget.lessThanADay") : t("tbc.widget.daysLeft", { count: whole })
}

/**
 * What the admin typed as a smaller capture → the capture's amount (major units, as Medusa's
 * capture route takes it), or why not. The hold itself is captured with Medusa's own button.
 */
export function partialCaptureAmount(
  typed: string,
  held: number,
  t: TbcT = tEn
): { amount: number } | { error: string } {
  const minor = majorToMinorExact(typed.trim().replace(",", "."))
  if (typed.trim() === "" || minor === null) return { error: t("tbc.capture.notAnAmount") }
  if (minor <= 0) return { error: t("tbc.capture.notPositive") }
  const heldMinor = majorToMinorExact(held) ?? 0
  if (minor >= heldMinor) {
    return { error: t("tbc.capture.notLess", { held: minorToMajor(heldMinor).toFixed(2) }) }
  }
  return { amount: minorToMajor(minor) }
}

/**
 * What was refunded of a captured payment and what can still be refunded (major units), from the
 * bank's own amounts: the bank counts the rest of a hold a smaller capture gave back as returned
 * too, which was never a refund. null until the bank took money.
 */
export function refundState(payment: TbcPaymentView): { refunded: number; refundable: number } | null {
  const checkout = payment.checkout
  const confirmedMinor = majorToMinorExact(checkout?.confirmed_amount ?? 0) ?? 0
  if (!checkout || confirmedMinor <= 0) return null
  const returnedMinor = majorToMinorExact(checkout.returned_amount ?? 0) ?? 0
  const releasedMinor = majorToMinorExact(checkout.released_amount ?? 0) ?? 0
  const refundedMinor = Math.min(confirmedMinor, Math.max(0, returnedMinor - releasedMinor))
  return { refunded: minorToMajor(refundedMinor), refundable: minorToMajor(confirmedMinor - refundedMinor) }
}

/** An item of the order as the "capture from the order" form lists it. */
export interface OrderItemRow {
  id: string
  quantity: number
}

/**
 * The quantities the merchant typed (what is delivered, per item; untouched = as ordered) → the
 * items that changed, as POST /admin/tbc/orders/:id/order-change-capture takes them, or why not.
 */
export function changedItems(
  items: readonly OrderItemRow[],
  typed: Readonly<Record<string, string>>,
  t: TbcT = tEn
): { items: { id: string; quantity: number }[] } | { error: string } {
  const changed: { id: string; quantity: number }[] = []
  for (const item of items) {
    const text = typed[item.id]?.trim()
    if (text === undefined || text === "") continue
    const quantity = Number(text)
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > item.quantity) {
      return { error: t("tbc.orderChange.badQuantity", { max: item.quantity }) }
    }
    if (quantity !== item.quantity) changed.push({ id: item.id, quantity })
  }
  return changed.length > 0 ? { items: changed } : { error: t("tbc.orderChange.nothingChanged") }
}

/**
 * The statement text to show for a payment: what the bank keeps as its `extra` (what it prints),
 * else the reference the plugin derives from the cart (the store's text before it is not known
 * afterwards, and a long one shortens the reference, so the bank's own word comes first).
 */
export function statementTextShown(payment: Pick<TbcPaymentView, "checkout" | "facts">): string | null {
  return payment.checkout?.statement_text ?? payment.facts?.statement_reference ?? null
}
