/**
 * The orphaned-money app specs (issue 13 §1): one Medusa boot for all of them
 * (integration-tests/utils/app-test-runner.ts, runAppGroup) with a short orphan grace
 * (ORPHANS_GROUP_ENV of app-group-env.ts). The specs that need a hold or orphan policy "notify"
 * switch them on in the admin's settings for their suite. Each spec file keeps its own describe,
 * database state and tests; run one alone with `-t "<name below>"`.
 */
import { runAppGroup } from "../utils/app-test-runner"
import { testDbName } from "../utils/db-name"

/* eslint-disable @typescript-eslint/no-require-imports -- loaded in order, inside the group */
runAppGroup(testDbName("tbc-it-group-orphans"), {
  "orphaned payments": () => require("./checkout-orphaned-payments.app"),
  "orphaned hold cancelled": () => require("./checkout-orphaned-hold-cancelled.app"),
  "orphaned payments, policy notify": () => require("./checkout-orphaned-payments-notify.app"),
})
