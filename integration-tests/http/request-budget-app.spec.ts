/**
 * The app specs that need a short request budget (TBC_REQUEST_BUDGET_MS, read at boot only:
 * REQUEST_BUDGET_GROUP_ENV of app-group-env.ts): one Medusa boot for all of them
 * (integration-tests/utils/app-test-runner.ts, runAppGroup). The spec that needs preauthorization
 * switches it on in the admin's settings for its suite. Each spec file keeps its own describe,
 * database state and tests; run one alone with `-t "<name below>"`.
 */
import { runAppGroup } from "../utils/app-test-runner"
import { testDbName } from "../utils/db-name"

/* eslint-disable @typescript-eslint/no-require-imports -- loaded in order, inside the group */
runAppGroup(testDbName("tbc-it-group-request-budget"), {
  "bank hanging": () => require("./checkout-bank-hanging.app"),
  "installments approval gate": () => require("./installments-approval-gate.app"),
  "money ledger defect 3 with preauthorization": () => require("./money-ledger-defects-preauth.app"),
})
