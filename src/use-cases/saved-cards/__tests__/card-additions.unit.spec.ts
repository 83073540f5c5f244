import { additionStatusAfter } from "../card-additions"

describe("card additions: where one stands after a recording attempt", () => {
  it.each([
    ["created", "Succeeded", "saved"],
    ["unchanged", "Succeeded", "saved"],
    ["activated", "Succeeded", "saved"],
    ["other_customer", "Succeeded", "failed"],
    // the bank ended it without a card: declined, expired, or saving not enabled for the merchant
    ["no_card", "Failed", "failed"],
    ["no_card", "Expired", "failed"],
    ["no_card", "Succeeded", "failed"],
    // the shopper is still on the bank's page
    ["no_card", "Created", "started"],
    ["no_card", "Processing", "started"],
    ["no_card", undefined, "started"],
  ] as const)("%s with the bank at %s → %s", (outcome, bankStatus, status) => {
    expect(additionStatusAfter(outcome, bankStatus)).toBe(status)
  })
})
