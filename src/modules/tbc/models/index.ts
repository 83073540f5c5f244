export { default as SavedCard, SAVED_CARD_STATUSES, type SavedCardStatus } from "./saved-card"
export { default as InstallmentApplication } from "./installment-application"
export { default as InstallmentStatusChange } from "./installment-status-change"
export { default as InstallmentSyncRun } from "./installment-sync-run"
export { default as InstallmentSyncPoll } from "./installment-sync-poll"
export { default as CallbackLog, CALLBACK_RESULTS, type CallbackResult } from "./callback-log"
export { default as InstallmentChangeFailure } from "./installment-change-failure"
export {
  default as TbcPayment,
  TBC_PAYMENT_KINDS,
  ORPHAN_ACTIONS,
  type TbcPaymentKind,
  type OrphanAction,
} from "./tbc-payment"
export { default as SavedCardRecordingFailure } from "./saved-card-recording-failure"
export { default as LedgerEvent } from "./ledger-event"
export { default as CardAddition, CARD_ADDITION_STATUSES, type CardAdditionStatus } from "./card-addition"
export { default as ProviderSetting } from "./provider-setting"
export { default as ProviderSettingChange } from "./provider-setting-change"
export { default as PaymentLink } from "./payment-link"
