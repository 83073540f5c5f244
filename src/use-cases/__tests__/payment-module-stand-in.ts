/**
 * A stand-in for Medusa's payment module in app unit tests that have no Medusa app: judging a
 * callback builds the named provider from the config, as Medusa does on a provider's first use, so
 * the provider registers its bank client and app code finds it (src/use-cases/bank-clients.ts).
 */
import { PaymentActions } from "@medusajs/framework/utils"
import { UNRECORDED_FOR_UNIT_TESTS } from "../../modules/tbc/ledger/ledger-store"
import { TBC_CHECKOUT_SERVICES } from "../../providers/tbc-checkout"
import { TbcInstallmentsProviderService } from "../../providers/tbc-installments"
import { listTbcProviders } from "../tbc-providers"

type ProviderClass = { identifier: string } & (new (cradle: object, options: Record<string, unknown>) => unknown)

const PROVIDER_CLASSES = [...TBC_CHECKOUT_SERVICES, TbcInstallmentsProviderService] as unknown as ProviderClass[]

export function paymentModuleStandIn(configModule: unknown) {
  return {
    async getWebhookActionAndData({ provider }: { provider: string }) {
      const registration = listTbcProviders(configModule).find((r) => r.webhookSegment === provider)
      const Service = PROVIDER_CLASSES.find((s) => s.identifier === registration?.identifier)
      if (!registration || !Service) throw new Error(`no payment provider pp_${provider}`)
      new Service({ [UNRECORDED_FOR_UNIT_TESTS]: true }, registration.options)
      return { action: PaymentActions.NOT_SUPPORTED }
    },
  }
}
