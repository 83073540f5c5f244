"use client"

import { listTbcPaymentOptions, listTbcSavedCards, type TbcSavedCard } from "@lib/data/tbc"
import { getBaseURL } from "@lib/util/env"
import { HttpTypes } from "@medusajs/types"
import { Checkbox, Text } from "@modules/common/components/ui"
import {
  canOfferSaveCard,
  isTbcCheckout,
  isTbcProvider,
  offeredTbcOptions,
  tbcSessionData,
  type TbcPaymentOption,
} from "medusa-payment-tbc-storefront"
import { useParams } from "next/navigation"
import React, { useEffect, useState } from "react"

/** "0527" → "05/27" */
const expiry = (mmyy: string) => `${mmyy.slice(0, 2)}/${mmyy.slice(2)}`

type TbcCardOptionsProps = {
  savedCards: TbcSavedCard[]
  savedCardId: string | undefined
  onSavedCardChange: (id: string | undefined) => void
  /** null: the store cannot save a card here (a guest, saving off, or the bank's methods cannot) */
  saveCard: boolean | null
  onSaveCardChange: (save: boolean) => void
}

/** Under the TBC card choice: the customer's saved cards, and "save this card" where the bank can save one. */
export function TbcCardOptions(props: TbcCardOptionsProps) {
  const { savedCards, savedCardId, saveCard } = props
  return (
    <div className="flex flex-col gap-y-3 mt-4 mb-2 px-8" data-testid="tbc-card-options">
      {savedCards.map((card) => (
        <label key={card.id} className="flex items-center gap-x-2 txt-medium text-ui-fg-base cursor-pointer">
          <input
            type="radio"
            name="tbc-card"
            checked={savedCardId === card.id}
            onChange={() => props.onSavedCardChange(card.id)}
            data-testid="tbc-saved-card"
          />
          <Text as="span">
            {card.card_mask} <span className="text-ui-fg-subtle">(expires {expiry(card.expiry_date)})</span>
          </Text>
        </label>
      ))}
      {savedCards.length > 0 && (
        <label className="flex items-center gap-x-2 txt-medium text-ui-fg-base cursor-pointer">
          <input
            type="radio"
            name="tbc-card"
            checked={!savedCardId}
            onChange={() => props.onSavedCardChange(undefined)}
            data-testid="tbc-new-card"
          />
          <Text as="span">A new card on TBC&apos;s page</Text>
        </label>
      )}
      {saveCard !== null && (
        <Checkbox
          id="tbc-save-card"
          label="Save this card for next time"
          checked={saveCard}
          onChange={(event) => props.onSaveCardChange(event.target.checked)}
          data-testid="tbc-save-card"
        />
      )}
    </div>
  )
}

/**
 * The payment step's TBC part: the session data TBC needs (the return route, a saved card or
 * "save this card") and the card options to show under the provider list.
 */
export function useTbcPaymentStep(cart: HttpTypes.StoreCart, selectedPaymentMethod: string) {
  const { countryCode } = useParams<{ countryCode: string }>()
  const [savedCards, setSavedCards] = useState<TbcSavedCard[] | null>(null)
  const [options, setOptions] = useState<TbcPaymentOption[]>([])
  const [savedCardId, setSavedCardId] = useState<string | undefined>()
  const [saveCard, setSaveCard] = useState(false)

  useEffect(() => {
    listTbcSavedCards().then(setSavedCards)
    listTbcPaymentOptions(cart.id).then(setOptions)
  }, [cart.id])

  const canSave = canOfferSaveCard({
    providerId: selectedPaymentMethod,
    option: options.find((option) => option.provider_id === selectedPaymentMethod),
    loggedIn: savedCards !== null,
    savedCardId,
  })

  return {
    /** false for a TBC provider the store reports unavailable for this cart: leave it out of the list */
    offered: (providerId: string) => isOffered(options, providerId),
    /** TBC sessions are opened anew each time: the card choice or "save" may have changed. */
    isTbc: isTbcProvider(selectedPaymentMethod),
    sessionData: () =>
      tbcSessionData({
        providerId: selectedPaymentMethod,
        returnUrl: `${getBaseURL()}/${countryCode}/tbc/return?cart=${cart.id}`,
        saveCard: canSave && saveCard,
        savedCardId,
      }),
    options: isTbcCheckout(selectedPaymentMethod) ? (
      <TbcCardOptions
        savedCards={savedCards ?? []}
        savedCardId={savedCardId}
        onSavedCardChange={setSavedCardId}
        saveCard={canSave ? saveCard : null}
        onSaveCardChange={setSaveCard}
      />
    ) : null,
  }
}

/** Whether the provider may be offered: anything but a TBC option reported unavailable for the cart. */
export function isOffered(options: readonly TbcPaymentOption[], providerId: string): boolean {
  const option = options.find((candidate) => candidate.provider_id === providerId)
  return !option || offeredTbcOptions([option]).length === 1
}
