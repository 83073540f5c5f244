/** `@stripe/react-stripe-js`, as far as the starter's pay button uses it (with its types): no Stripe here. */
type PaymentIntent = { status: string }
type ConfirmResult =
  | { error: { message?: string; payment_intent?: PaymentIntent }; paymentIntent?: undefined }
  | { error?: undefined; paymentIntent: PaymentIntent }

interface Stripe {
  confirmCardPayment(clientSecret: string, data: { payment_method: unknown }): Promise<ConfirmResult>
}

export const useStripe = (): Stripe | null => null
export const useElements = (): { getElement(kind: "card"): object | null } | null => null
