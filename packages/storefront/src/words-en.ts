/** The kit's words in English (see words.ts). */
import type { TbcWords } from "./words"

export const EN: TbcWords = {
  errors: {
    declined: "The bank declined the payment, or it was not completed.",
    expired: "The payment was not completed in time and has expired.",
    canceled: "The payment was canceled at the bank.",
    payment_pending:
      "We are checking your payment with the bank. If you paid, your order is placed as soon as the bank confirms it.",
    installment_pending:
      "The bank has not approved the installment yet. Your order is placed as soon as it does; if you have not finished the application on the bank's page, please finish it there.",
    installment_declined: "The bank did not approve the installment.",
    installment_canceled: "The installment application was canceled or has expired.",
    cart_busy: "Your order is being placed right now. Please wait a moment.",
    store_unreachable: "The store cannot be reached right now. Please check your connection and try again.",
    cart_changed:
      "Your cart changed while you were on the bank's page, so that payment was stopped. Please check your cart and pay again.",
    cart_not_found: "We could not find this checkout. It may have expired; please start again from your cart.",
    failed: "The payment could not be completed. Please try again or choose another payment method.",
    already_paid: "This cart is already paid at the bank. Place the order to finish; please do not pay again.",
    already_ordered: "This cart has already become an order. You can find it among your orders.",
    login_required: "Please log in to pay with or manage your saved cards.",
    saved_card_not_yours:
      "This cart is paid with another customer's saved card. Log in as that customer or choose another way to pay.",
    saved_card_changed:
      "Your details or address changed after you chose the saved card. Please check your order and choose the card again.",
    saved_card_unusable:
      "This saved card cannot be used for this payment. Please choose another card or pay on the bank's page.",
    save_card_not_allowed:
      "A card can be saved only when paying by card. Please pay without saving the card, or choose card payment.",
    amount_mismatch:
      "The bank's payment does not match your cart, so it was not accepted. Please check your cart and pay again.",
    payment_not_recorded:
      "The payment could not be started right now. Nothing was charged; please try again in a moment.",
    bank_unreachable: "The bank is not answering right now. Your cart is safe: please try again in a minute.",
    installments_unavailable: "TBC installments cannot pay for this cart. Please choose another payment method.",
    method_unavailable: "This payment method cannot pay for this cart. Please choose another payment method.",
  },
  declineReasons: {
    insufficient_funds:
      "The bank declined the payment: there is not enough money on the card. Please use another card, or top it up and pay again.",
    expired_card: "The bank declined the payment: the card has expired. Please use another card.",
    invalid_card:
      "The bank declined the payment: the card details are not valid. Please check them or use another card.",
    card_not_allowed:
      "The bank declined the payment: this card cannot be used to pay online. Please use another card or contact your bank.",
    limit_exceeded:
      "The bank declined the payment: the card's limit is reached. Please use another card or try again later.",
    contact_bank: "The bank declined the payment. Please contact your bank or use another card.",
    canceled_by_shopper: "The payment was canceled on the bank's page.",
  },
  titles: {
    confirming: "Confirming your payment",
    waiting: "Waiting for the bank",
    failed: "Payment not completed",
    placed: "Your order is placed",
  },
  confirming: "Confirming your payment with the bank…",
  actions: {
    pay_again: "Pay again",
    back_to_cart: "Back to cart",
    back_to_shop: "Back to the shop",
    retry: "Try again",
    orders: "Your orders",
    place_order: "Place order",
  },
  installmentStatuses: {
    Pending: "Waiting for you to sign in at the bank",
    InProgress: "The bank is reviewing your application",
    Approved: "Approved by the bank",
    Expired: "The application has expired",
    Canceled: "The application was canceled",
    WaitingForMerchant: "Approved; the store is confirming it",
    Declined: "The bank did not approve the installment",
    CanceledByMerchant: "The store canceled the application",
    Disbursed: "The installment is issued",
    PendingDisbursed: "Confirmed; the installment is being issued",
    NeedConfirmation: "The bank needs your confirmation",
    WaitingForIncomeDocumentsUpload: "The bank is waiting for your income documents",
    WaitingForIncomeDocumentsVerification: "The bank is checking your income documents",
    DocumentDeclined: "The bank did not accept your income documents",
  },
  orderPayment: {
    card: "Card",
    method: "Paid with",
    installment: "Installment",
  },
  methods: {
    "4": "QR code",
    "5": "Card",
    "7": "Internet bank",
    "8": "Installments",
    "9": "Apple Pay",
    "11": "Saved card",
    "14": "Google Pay",
  },
  checkout: {
    pay: "Pay with TBC",
    opening: "Opening the bank…",
    placeOrder: "Place order",
    saveCard: "Save this card for next time",
    saveCardMerchantCharges:
      "Also let the store charge this card for what I still owe on an order (for example after a change to it), without asking me each time. I can remove the card in My account.",
    newCard: "A new card on TBC's page",
    savedCard: "Saved card",
    expires: "expires",
    installmentsDone: "I have finished at TBC",
    cardTitle: "Card (TBC Bank)",
    installmentsTitle: "TBC installments",
    pageTitle: "{{methods}} (TBC Bank)",
    bankTitle: "TBC Bank",
    bnplTitle: "Part-by-Part (TBC Bank)",
    holdsMoney: "The bank only holds the money now; the shop takes it when it confirms your order.",
    saveCardAfterCapture: "You can pay with this card once the shop has taken this payment.",
    installmentsOpened: "The bank's application has opened in a new tab. Come back here when you have finished there.",
  },
  account: {
    title: "Saved cards",
    empty: "You have no saved cards.",
    remove: "Remove",
    removing: "Removing…",
  },
  paymentLink: {
    titles: {
      open: "Pay for your order",
      paying: "Confirming your payment",
      paid: "Your order is paid",
      closed: "Nothing to pay here",
      expired: "This link has expired",
      notFound: "Payment link not found",
      returned: "Thank you",
    },
    statuses: {
      open: "The shop asks you to pay for this order. You pay on TBC Bank's page.",
      paying:
        "The bank is confirming your payment; this page updates by itself. If you left the bank's page before paying, you can continue there.",
      paid: "Thank you! The shop has your payment.",
      closed:
        "This payment link is closed, so nothing is to be paid with it. If you still owe the shop, please ask it for a new link.",
      expired: "This payment link has expired. If you still owe the shop, please ask it for a new link.",
    },
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
    closedReasons: {
      expired: "This payment link has expired. If you still owe the shop, please ask it for a new link.",
      paid_elsewhere: "This order is already paid, so nothing is to be paid with this link.",
      order_changed:
        "The order changed after this link was made, so the link was closed. Please ask the shop for a new one.",
      order_canceled: "This order was canceled, so nothing is to be paid.",
      merchant: "The shop closed this payment link. If you still owe the shop, please ask it for a new link.",
    },
    loading: "Loading your order…",
    returned:
      "If you paid at the bank, the shop receives your payment as soon as the bank confirms it. Open the link the shop sent you again to see its state.",
    notFound: "We could not find this payment link. Please check the link, or ask the shop for a new one.",
    order: "Order #{{number}}",
    quantity: "× {{quantity}}",
    amount: "Amount to pay",
    paidAmount: "Paid",
    expires: "Pay by",
    pay: "Pay {{amount}}",
    continue: "Continue to the bank",
  },
}
