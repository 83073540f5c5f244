/** GET /_sandbox/state and `handle.state()`: a JSON snapshot of everything the sandbox bank holds. */
import { applicationStateView, feedItemView } from "./applications"
import type { SandboxBank } from "./bank"
import type { CallbackRecord } from "./callbacks"
import type { FaultsView } from "./faults"
import { sweepExpired } from "./payment-machine"
import { stateView } from "./payment-views"
import type { SavedCard } from "./store"

export interface SandboxPaymentView {
  payId: string
  status: string
  amount: number
  currency: string
  confirmedAmount: number
  returnedAmount: number
  preAuth: boolean
  paymentMethod: number | null
  merchantPaymentId: string | null
  recId: string | null
  methods: number[]
  callbackUrl: string | null
  returnUrl: string | null
  transactionId: string | null
  createdAt: number
  expiresAt: number
  paidAt: number | null
  completedAt: number | null
  /** the create body as received, normalised (executions: the execution body) */
  request: Record<string, unknown> | null
  history: { status: string; at: number }[]
  /** the masked card that paid, and the processing result code (test cards decide both) */
  paymentCardNumber: string | null
  resultCode: string | null
}

export interface SandboxApplicationView {
  sessionId: string
  statusId: number
  status: string
  priceTotal: number
  products: { name: string; price: number; quantity: number }[]
  invoiceId: string | null
  campaignId: string | null
  merchantKey: string
  createdAt: number
  history: { statusId: number; at: number }[]
}

export interface SandboxFeedItemView {
  sessionId: string
  statusId: number
  statusDescription: string
  changeDate: string
  amount: number
  contributionAmount: number
}

/** a saved card is shown exactly as stored (a copy) */
export type SandboxSavedCardView = SavedCard

export interface SandboxStateView {
  /** the sandbox clock, ms since the epoch */
  now: number
  nowIso: string
  clockOffsetMs: number
  payments: SandboxPaymentView[]
  applications: SandboxApplicationView[]
  /** pending (not yet acknowledged) status changes, oldest first */
  feed: SandboxFeedItemView[]
  savedCards: SandboxSavedCardView[]
  callbacks: CallbackRecord[]
  /** "METHOD /template" → number of requests */
  calls: Record<string, number>
  faults: FaultsView
  activeTokens: number
}

export function buildStateView(bank: SandboxBank): SandboxStateView {
  sweepExpired(bank)
  const { store } = bank
  const now = bank.now()
  let activeTokens = 0
  for (const token of store.tokens.values()) {
    if (token.expiresAt > now) activeTokens++
  }
  return {
    now,
    nowIso: new Date(now).toISOString(),
    clockOffsetMs: store.clock.offset,
    payments: [...store.payments.values()].map((p) => stateView(p) as unknown as SandboxPaymentView),
    applications: [...store.applications.values()].map(
      (a) => applicationStateView(a) as unknown as SandboxApplicationView
    ),
    feed: store.feed.pending().map((item) => feedItemView(item) as unknown as SandboxFeedItemView),
    savedCards: [...store.savedCards.values()].map((card) => ({ ...card })),
    callbacks: bank.callbacks.list(),
    calls: { ...store.calls },
    faults: bank.faults.view(),
    activeTokens,
  }
}
