import { Button, Heading, Text, clx } from "@modules/common/components/ui"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import { TBC_WAY_FORWARD_PATHS, tbcShopperView, type TbcReturnState } from "medusa-payment-tbc-storefront"
import React from "react"

/** What the return page shows: the kit's words in the shopper's language, and always a way forward. */
export default function TbcReturnView({ state, locale }: { state: TbcReturnState; locale: string | null }) {
  const view = tbcShopperView(state, locale)
  return (
    <div className="content-container flex flex-col gap-y-4 py-12 max-w-xl" data-testid="tbc-return">
      <Heading level="h1" className="text-3xl-regular">
        {view.title}
      </Heading>
      {view.message && (
        <Text
          className={clx("txt-medium", view.tone === "error" ? "text-rose-500" : "text-ui-fg-subtle")}
          data-testid="tbc-return-message"
          role={view.tone === "error" ? "alert" : undefined}
        >
          {view.message}
        </Text>
      )}
      <div className="flex flex-wrap items-center gap-4">
        {view.actions.map((action, index) =>
          action.kind === "retry" ? (
            <Button key={action.kind} variant="secondary" onClick={() => window.location.reload()}>
              {action.label}
            </Button>
          ) : (
            <LocalizedClientLink
              key={action.kind}
              href={TBC_WAY_FORWARD_PATHS[action.kind]}
              data-testid={`tbc-${action.kind}`}
            >
              <Button variant={index === 0 ? "primary" : "secondary"}>{action.label}</Button>
            </LocalizedClientLink>
          )
        )}
      </div>
    </div>
  )
}
