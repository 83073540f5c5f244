/**
 * The storefront app specs that share one app (storefront-support.ts: the sandbox bank and a
 * storefront origin the app allows): one Medusa boot for all of them
 * (integration-tests/utils/app-test-runner.ts, runAppGroup). Run one alone with `-t "<name below>"`.
 */
import { runAppGroup } from "../utils/app-test-runner"
import { testDbName } from "../utils/db-name"

/* eslint-disable @typescript-eslint/no-require-imports -- loaded in order, inside the group */
runAppGroup(testDbName("tbc-it-group-storefront"), {
  "storefront kit": () => require("./storefront-kit.app"),
  "storefront payment status": () => require("./storefront-status.app"),
  "storefront guide": () => require("./storefront-guide.app"),
  "payment methods as their own choices": () => require("./storefront-methods.app"),
  "store setup": () => require("./store-setup.app"),
})
