/**
 * What the admin reads of POST /admin/tbc/installments/sync's answer, per provider: what the run
 * received, applied and acknowledged ("Sync now" words it, "nothing new" when received is 0). The
 * route checks at compile time that its answer has these fields; the answer carries more (the
 * per-outcome counts, see the route). Free of imports, so the admin bundle can share the type.
 */
export interface SyncProviderView {
  provider_id: string
  received: number
  applied: number
  acknowledged: number
  /** changes whose effect failed and are tried again by a later run (their page is not acknowledged) */
  retrying: number
  gave_up: number
  errors: { message: string }[]
}

export interface SyncView {
  providers: SyncProviderView[]
}
