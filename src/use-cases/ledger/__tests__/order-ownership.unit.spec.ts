import { tbcSessionsOfOrder } from "../order-ownership"

describe("tbcSessionsOfOrder", () => {
  it("names each TBC session an order was paid from, once, and no other provider's", () => {
    expect(
      tbcSessionsOfOrder({
        id: "order_1",
        payment_collections: [
          {
            payments: [
              { provider_id: "pp_tbc-checkout_tbc", payment_session_id: "payses_1" },
              { provider_id: "pp_tbc-checkout_tbc", payment_session_id: "payses_1" },
              { provider_id: "pp_system_default", payment_session_id: "payses_2" },
              { provider_id: "pp_tbc-installments_tbc", payment_session_id: "payses_3" },
              { provider_id: "pp_tbc-checkout_tbc", payment_session_id: null },
            ],
          },
        ],
      })
    ).toEqual(["payses_1", "payses_3"])
    expect(tbcSessionsOfOrder(undefined)).toEqual([])
  })
})
