/**
 * What POST /admin/tbc/installments/sync answers per provider: what the run received, applied
 * and acknowledged (the admin's "Sync now" toast words it, "nothing new" when received is 0).
 * Its own file, free of imports, so the admin bundle can share the type without the server code.
 */
export interface SyncProviderView {
  provider_id: string
  /** feed pages read and recorded */
  pages: number
  received: number
  applied: number
  authorized: number
  captured: number
  canceled: number
  unknown: number
  /** changes whose effect failed and are tried again by a later run (their page is not acknowledged) */
  retrying: number
  gave_up: number
  acknowledged: number
  errors: { bank_session_id: string; status_id: number; message: string; attempts: number; gave_up: boolean }[]
}

export interface SyncView {
  providers: SyncProviderView[]
}

/** The run's summary as answered: the listed fields only, so nothing else of the run leaks out. */
export function syncView(result: { providers: SyncProviderView[] }): SyncView {
  return {
    providers: result.providers.map((p) => ({
      provider_id: p.provider_id,
      pages: p.pages,
      received: p.received,
      applied: p.applied,
      authorized: p.authorized,
      captured: p.captured,
      canceled: p.canceled,
      unknown: p.unknown,
      retrying: p.retrying,
      gave_up: p.gave_up,
      acknowledged: p.acknowledged,
      errors: p.errors,
    })),
  }
}
