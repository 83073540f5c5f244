/**
 * The reliability app specs that share one app (support/reliability-app.ts: a 2-second bank
 * timeout, the callback allowlist and the store's proxy) and two checkout specs of
 * integration-tests/http that need the same: one Medusa boot for all of them
 * (integration-tests/utils/app-test-runner.ts, runAppGroup). Each spec file keeps its own
 * describe, database state and tests; run one alone with `-t "<name below>"`. Secrets runs first,
 * on the app as it booted, like alone; the access tokens it searches for are recorded by the
 * sandbox itself, so nothing stands between the other specs (the fault specs above all) and the
 * bank.
 */
import { runAppGroup } from "../utils/app-test-runner"
import { testDbName } from "../utils/db-name"

/* eslint-disable @typescript-eslint/no-require-imports -- loaded in order, inside the group */
runAppGroup(testDbName("tbc-rel-group"), {
  secrets: () => require("./secrets.app"),
  "our routes": () => require("./routes.app"),
  spoofing: () => require("./spoofing.app"),
  "callback sources": () => require("../http/checkout-callback-sources.app"),
  "checkout refunds": () => require("../http/checkout-refunds.app"),
  "duplicates and races": () => require("./duplicates-races.app"),
  "bank faults": () => require("./bank-faults.app"),
})
