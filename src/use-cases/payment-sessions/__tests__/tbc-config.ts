import { Modules } from "@medusajs/framework/utils"

/** An app config with one tbc-checkout and one tbc-installments registration ("tbc"), for fake containers. */
export const CONFIG_WITH_TBC_PROVIDERS = {
  modules: {
    [Modules.PAYMENT]: {
      options: {
        providers: [
          { resolve: "./src/providers/tbc-checkout", id: "tbc", options: {} },
          { resolve: "./src/providers/tbc-installments", id: "tbc", options: {} },
        ],
      },
    },
  },
}
