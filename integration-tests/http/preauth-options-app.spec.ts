/**
 * The checkout and reconciliation specs that run the app with preauthorization on
 * (TBC_PREAUTH=true): one Medusa boot for all of them (integration-tests/utils/app-test-runner.ts,
 * runAppGroup). Each spec file keeps its own describe, database state and tests; run one alone
 * with `-t "<name below>"`.
 */
import { runAppGroup } from "../utils/app-test-runner"
import { testDbName } from "../utils/db-name"

/* eslint-disable @typescript-eslint/no-require-imports -- loaded in order, inside the group */
runAppGroup(testDbName("tbc-it-group-preauth"), {
  preauthorization: () => require("./checkout-preauth.app"),
  "preauthorization callbacks": () => require("./checkout-preauth-callbacks.app"),
  "amount guards": () => require("./checkout-amount-guards.app"),
  "partial capture": () => require("./checkout-partial-capture.app"),
  "order edits on a hold": () => require("./checkout-order-change-capture.app"),
  "money moved at the bank": () => require("./checkout-bank-truth.app"),
  "paid session replaced": () => require("./checkout-paid-session-replaced.app"),
  "saved cards with preauthorization": () => require("./checkout-saved-cards-preauth.app"),
  "reconcile jobs under load": () => require("./reconcile-jobs-load.app"),
  "expiring preauths paged": () => require("./reconcile-preauth-paging.app"),
  "reconciliation jobs": () => require("./reconcile-tbc.app"),
  "reconciliation jobs' safety": () => require("./reconcile-jobs-safety.app"),
  "ledger release race": () => require("./ledger-release-race.app"),
  "held order cancel": () => require("./held-order-cancel.app"),
})
