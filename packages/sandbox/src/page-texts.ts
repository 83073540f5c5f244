/**
 * The hosted checkout page's texts in the payment's language (the create request's `language`,
 * or `?lang=` on the approval URL): Georgian, English, Russian, like the bank's own page.
 * Pure: no I/O. The English method names are the admin's (src/lib/labels.ts).
 */
import { METHOD_NAMES } from "medusa-payment-tbc/lib"

export type PageLanguage = "ka" | "en" | "ru"

export interface PageTexts {
  pay: string
  decline: string
  payTitle: (amount: string) => string
  method: string
  cardNumber: string
  testCards: string
  saveCard: string
  preAuth: string
  threeDsTitle: string
  threeDsText: string
  confirm: string
  cancel: string
  unknownCard: string
  notFound: string
  expired: string
  expiredText: string
  processed: string
  processedText: (status: string) => string
  methods: Readonly<Record<number, string>>
  /** method 4's pay-in-parts choice (TBC's "Part-by-Part") */
  bnpl: string
}

const EN: PageTexts = {
  pay: "Pay",
  decline: "Decline",
  payTitle: (amount) => `Pay ${amount}`,
  method: "Payment method",
  cardNumber: "Card number",
  testCards: "Sandbox test cards",
  saveCard: "Save my card for later payments",
  preAuth: "The amount will be blocked on your card until the merchant confirms it.",
  threeDsTitle: "3-D Secure",
  threeDsText: "Your bank asks you to confirm this payment.",
  confirm: "Confirm",
  cancel: "Cancel",
  unknownCard: "This is not a sandbox test card. Use one of the numbers listed below.",
  notFound: "Payment not found",
  expired: "Payment expired",
  expiredText: "This payment has expired. Please return to the shop and try again.",
  processed: "Payment already processed",
  processedText: (status) => `This payment is already ${status}.`,
  methods: METHOD_NAMES,
  bnpl: "Part-by-Part",
}

const KA: PageTexts = {
  pay: "გადახდა",
  decline: "უარყოფა",
  payTitle: (amount) => `გადაიხადეთ ${amount}`,
  method: "გადახდის მეთოდი",
  cardNumber: "ბარათის ნომერი",
  testCards: "სატესტო ბარათები",
  saveCard: "ბარათის დამახსოვრება შემდეგი გადახდებისთვის",
  preAuth: "თანხა დაიბლოკება თქვენს ბარათზე, სანამ მაღაზია არ დაადასტურებს.",
  threeDsTitle: "3-D Secure",
  threeDsText: "თქვენი ბანკი გთხოვთ, დაადასტუროთ ეს გადახდა.",
  confirm: "დადასტურება",
  cancel: "გაუქმება",
  unknownCard: "ეს არ არის სატესტო ბარათი. გამოიყენეთ ქვემოთ მოცემული ნომრებიდან ერთ-ერთი.",
  notFound: "გადახდა ვერ მოიძებნა",
  expired: "გადახდის ვადა ამოიწურა",
  expiredText: "გადახდის ვადა ამოიწურა. დაბრუნდით მაღაზიაში და სცადეთ თავიდან.",
  processed: "გადახდა უკვე დამუშავებულია",
  processedText: (status) => `გადახდის სტატუსი: ${status}.`,
  methods: {
    4: "QR გადახდა",
    5: "ბარათი",
    6: "ქულები",
    7: "ინტერნეტ ბანკი",
    8: "განვადება",
    9: "Apple Pay",
    11: "შენახული ბარათი",
    14: "Google Pay",
  },
  bnpl: "ნაწილ-ნაწილ",
}

const RU: PageTexts = {
  pay: "Оплатить",
  decline: "Отказаться",
  payTitle: (amount) => `Оплата ${amount}`,
  method: "Способ оплаты",
  cardNumber: "Номер карты",
  testCards: "Тестовые карты",
  saveCard: "Сохранить карту для следующих платежей",
  preAuth: "Сумма будет заблокирована на вашей карте до подтверждения магазином.",
  threeDsTitle: "3-D Secure",
  threeDsText: "Ваш банк просит подтвердить этот платёж.",
  confirm: "Подтвердить",
  cancel: "Отменить",
  unknownCard: "Это не тестовая карта. Используйте один из номеров ниже.",
  notFound: "Платёж не найден",
  expired: "Срок платежа истёк",
  expiredText: "Срок этого платежа истёк. Вернитесь в магазин и попробуйте снова.",
  processed: "Платёж уже обработан",
  processedText: (status) => `Статус платежа: ${status}.`,
  methods: {
    4: "QR-оплата",
    5: "Карта",
    6: "Баллы",
    7: "Интернет-банк",
    8: "Рассрочка",
    9: "Apple Pay",
    11: "Сохранённая карта",
    14: "Google Pay",
  },
  bnpl: "Частями",
}

const TEXTS: Record<PageLanguage, PageTexts> = { ka: KA, en: EN, ru: RU }

/** The page language: the request's `language`, else `?lang=`, else English (a sandbox choice). */
export function pageLanguage(requested: string | undefined | null, query: string | null): PageLanguage {
  for (const candidate of [requested, query]) {
    const lower = candidate?.toLowerCase()
    if (lower === "ka" || lower === "en" || lower === "ru") return lower
  }
  return "en"
}

export function textsFor(language: PageLanguage): PageTexts {
  return TEXTS[language]
}
