/**
 * Test hook of the installment sync (never set in production): TBC_INSTALLMENTS_SYNC_FAULT =
 * - "crash-after-apply": the run throws after a page was applied and recorded, before it is
 *   acknowledged, as a process dying at that point would;
 * - "crash-before-record": the page workflow throws after the Medusa effects, before the changes
 *   are recorded (the redelivered page applies them again; the effects must be convergent).
 */
export const SYNC_FAULT_ENV = "TBC_INSTALLMENTS_SYNC_FAULT"
