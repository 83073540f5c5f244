/**
 * Test cards of the hosted checkout page, like every provider's test mode: the number typed into
 * the card field decides the outcome. The result codes are the 3-digit card-processing codes of
 * TBC's older card gateway (000 approved, 100 do not honour, 101 expired card, 116 insufficient
 * funds); the live tpay API's `resultCode` values are not documented (docs/bank-behaviour.md).
 * Pure: no I/O.
 */

export const RESULT_CODES = {
  approved: "000",
  doNotHonour: "100",
  expiredCard: "101",
  insufficientFunds: "116",
} as const

export interface TestCard {
  number: string
  /** what the shopper sees on the page's list of test cards */
  label: string
  outcome: "success" | "decline"
  /** the shopper must confirm a 3-D Secure step before the outcome applies */
  threeDSecure: boolean
  resultCode: string
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: "4111111111111111",
    label: "success",
    outcome: "success",
    threeDSecure: false,
    resultCode: RESULT_CODES.approved,
  },
  {
    number: "5555555555554444",
    label: "success",
    outcome: "success",
    threeDSecure: false,
    resultCode: RESULT_CODES.approved,
  },
  {
    number: "4000000000003220",
    label: "3-D Secure, then success",
    outcome: "success",
    threeDSecure: true,
    resultCode: RESULT_CODES.approved,
  },
  {
    number: "4000000000009995",
    label: "declined: insufficient funds",
    outcome: "decline",
    threeDSecure: false,
    resultCode: RESULT_CODES.insufficientFunds,
  },
  {
    number: "4000000000000069",
    label: "declined: expired card",
    outcome: "decline",
    threeDSecure: false,
    resultCode: RESULT_CODES.expiredCard,
  },
  {
    number: "4000000000000002",
    label: "declined: do not honour",
    outcome: "decline",
    threeDSecure: false,
    resultCode: RESULT_CODES.doNotHonour,
  },
]

/** What the page prefills, so a shopper (or a test) that only clicks Pay pays successfully. */
export const DEFAULT_TEST_CARD = TEST_CARDS[0]

/** The test card with this number (spaces and dashes ignored), or undefined. */
export function testCardFor(typed: string | null | undefined): TestCard | undefined {
  const digits = (typed ?? "").replace(/[\s-]/g, "")
  return TEST_CARDS.find((card) => card.number === digits)
}

/** The number as the bank masks it: first digit, stars, last four ("4***********1111"). */
export function maskCardNumber(number: string): string {
  return number.slice(0, 1) + "*".repeat(Math.max(0, number.length - 5)) + number.slice(-4)
}

/** "4111 1111 1111 1111" */
export function groupedCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ")
}
