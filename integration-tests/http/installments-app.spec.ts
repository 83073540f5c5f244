/**
 * The installments app specs that share one app (the sandbox bank and INSTALLMENTS_GROUP_ENV of
 * installments-support.ts): one Medusa boot for all of them (integration-tests/utils/app-test-runner.ts,
 * runAppGroup). Each spec file keeps its own describe, database state and tests; run one alone
 * with `-t "<name below>"`. (installments-approval-gate.app.ts needs a short request budget: it
 * runs in request-budget-app.spec.ts.)
 */
import { runAppGroup } from "../utils/app-test-runner"
import { testDbName } from "../utils/db-name"

/* eslint-disable @typescript-eslint/no-require-imports -- loaded in order, inside the group */
runAppGroup(testDbName("tbc-it-group-installments"), {
  "installments flow": () => require("./installments-flow.app"),
  "installments sync": () => require("./installments-sync.app"),
  "installments sync retries": () => require("./installments-sync-retries.app"),
  "installments ledger": () => require("./installments-ledger.app"),
})
