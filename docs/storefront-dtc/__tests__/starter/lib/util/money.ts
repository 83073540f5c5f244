/** As the starter's. */
export const convertToLocale = ({ amount, currency_code }: { amount: number; currency_code: string }): string =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency_code }).format(amount)
