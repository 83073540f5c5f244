/**
 * The app specs that run the app with its default TBC options (no preauthorization) and the
 * sandbox bank: one Medusa boot for all of them (integration-tests/utils/app-test-runner.ts, runAppGroup). Each
 * spec file keeps its own describe, database state and tests; run one alone with
 * `-t "<name below>"`.
 */
import { runAppGroup } from "../utils/app-test-runner"
import { testDbName } from "../utils/db-name"

/* eslint-disable @typescript-eslint/no-require-imports -- loaded in order, inside the group */
runAppGroup(testDbName("tbc-it-group-default"), {
  "plugin boot": () => require("./plugin-boot.app"),
  "module links": () => require("./module-links.app"),
  "checkout flows": () => require("./checkout-flows.app"),
  "checkout webhooks": () => require("./checkout-webhooks.app"),
  "plain callback URL": () => require("./checkout-plain-callback-url.app"),
  "processing payments": () => require("./checkout-processing.app"),
  "saved cards": () => require("./checkout-saved-cards.app"),
  "saved cards while processing": () => require("./checkout-saved-cards-processing.app"),
  "saved card owner": () => require("./checkout-saved-card-owner.app"),
  "saved card order numbers": () => require("./checkout-saved-card-order-numbers.app"),
  "saved payment methods": () => require("./checkout-saved-card-methods.app"),
  "saved card balance charge": () => require("./saved-card-balance-charge.app"),
  "personal data": () => require("./personal-data.app"),
  "ledger admin": () => require("./ledger-admin.app"),
  "money ledger defects": () => require("./money-ledger-defects.app"),
  "completion retried after its compensation": () => require("./checkout-completion-retry.app"),
  "fail closed": () => require("./fail-closed.app"),
  "admin settings": () => require("./admin-settings.app"),
  "payment facts": () => require("./payment-facts.app"),
  "payment links": () => require("./payment-links.app"),
})
