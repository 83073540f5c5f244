import { TbcValidationError } from "../../errors"
import { checkCreatePaymentRequest, validateCreatePaymentRequest } from "../checkout"

const valid = () => ({
  amount: { currency: "GEL", total: 12.34, subTotal: 10, tax: 2.34, shipping: 0 },
  returnurl: "https://shop.example/return",
})

function issuesOf(input: unknown, opts?: { activatedMethods?: number[] }) {
  const result = checkCreatePaymentRequest(input, opts)
  return result.ok ? [] : result.issues
}

function expectIssue(input: unknown, field: string, rule: string, opts?: { activatedMethods?: number[] }) {
  expect(issuesOf(input, opts)).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]))
}

describe("checkCreatePaymentRequest: valid requests", () => {
  it("accepts the minimal request and returns it unchanged", () => {
    expect(checkCreatePaymentRequest(valid())).toEqual({ ok: true, value: valid() })
  })

  it("accepts a full installment request", () => {
    const input = {
      ...valid(),
      amount: { currency: "GEL", total: 30.3 },
      methods: [5, 8, 7],
      installmentProducts: [
        { name: "Socks × 3", price: 0.3, quantity: 1 },
        { name: "Hat", price: 30, quantity: 1 },
      ],
      callbackUrl: "http://127.0.0.1:9000/hooks/tbc",
      preAuth: false,
      language: "EN",
      merchantPaymentId: "order_01",
      skipInfoMessage: true,
      extra: "ORDER 01",
      extra2: "x".repeat(52),
      expirationMinutes: 12,
      description: "d".repeat(30),
      userIpAddress: "::1",
    }
    expect(validateCreatePaymentRequest(input)).toEqual(input)
  })

  it("allows a zero total only with saveCard, and saveCardToDate", () => {
    const input = { ...valid(), amount: { currency: "USD", total: 0 }, saveCard: true, saveCardToDate: "1229" }
    expect(checkCreatePaymentRequest(input).ok).toBe(true)
    expectIssue({ ...input, saveCard: false }, "amount.total", "positive")
  })

  it("allows 6 and 9 when activated", () => {
    expect(checkCreatePaymentRequest({ ...valid(), methods: [6, 9] }, { activatedMethods: [6, 9] }).ok).toBe(true)
  })
})

describe("checkCreatePaymentRequest: aliases and canonical output", () => {
  it("normalises returnUrl, subtotal, Name/Price/Quantity, cardExpiryDate and lower-case language", () => {
    const value = validateCreatePaymentRequest({
      amount: { currency: "GEL", total: 5, subtotal: 5 },
      returnUrl: "https://shop.example/r",
      methods: [8],
      installmentProducts: [{ Name: "A", Price: 5, Quantity: 1 }],
      cardExpiryDate: "0130",
      language: "ka",
      unknownField: "dropped",
    })
    expect(value).toEqual({
      amount: { currency: "GEL", total: 5, subTotal: 5 },
      returnurl: "https://shop.example/r",
      methods: [8],
      installmentProducts: [{ name: "A", price: 5, quantity: 1 }],
      saveCardToDate: "0130",
      language: "KA",
    })
  })

  it("prefers the canonical name when both spellings are present", () => {
    const value = validateCreatePaymentRequest({ ...valid(), returnUrl: "https://other.example/" })
    expect(value.returnurl).toBe("https://shop.example/return")
    expect(value).not.toHaveProperty("returnUrl")
  })
})

describe("checkCreatePaymentRequest: every rule names field and rule", () => {
  const cases: [string, unknown, string, string][] = [
    ["not an object", "x", "body", "type"],
    ["amount missing", { returnurl: "https://a.example" }, "amount", "required"],
    ["currency", { ...valid(), amount: { currency: "GBP", total: 1 } }, "amount.currency", "enum"],
    ["total type", { ...valid(), amount: { currency: "GEL", total: "1" } }, "amount.total", "type"],
    ["total NaN", { ...valid(), amount: { currency: "GEL", total: NaN } }, "amount.total", "type"],
    ["negative tax", { ...valid(), amount: { currency: "GEL", total: 1, tax: -1 } }, "amount.tax", "non_negative"],
    ["3 decimals", { ...valid(), amount: { currency: "GEL", total: 1.005 } }, "amount.total", "max_2_decimals"],
    [
      "subtotal alias decimals",
      { ...valid(), amount: { currency: "GEL", total: 1, subtotal: 0.001 } },
      "amount.subTotal",
      "max_2_decimals",
    ],
    ["huge", { ...valid(), amount: { currency: "GEL", total: 1e20 } }, "amount.total", "max_amount"],
    // above the maximum and with a 3rd decimal: the decimals are named (found by the property test)
    [
      "3 decimals at the maximum",
      { ...valid(), amount: { currency: "GEL", total: 999999999999.991 } },
      "amount.total",
      "max_2_decimals",
    ],
    ["just above the maximum", { ...valid(), amount: { currency: "GEL", total: 1e12 } }, "amount.total", "max_amount"],
    [
      "shipping",
      { ...valid(), amount: { currency: "GEL", total: 1, shipping: 1e-7 } },
      "amount.shipping",
      "max_2_decimals",
    ],
    ["zero total", { ...valid(), amount: { currency: "GEL", total: 0 } }, "amount.total", "positive"],
    ["returnurl missing", { amount: valid().amount }, "returnurl", "required"],
    ["returnurl relative", { ...valid(), returnurl: "/return" }, "returnurl", "url"],
    ["returnurl ftp", { ...valid(), returnurl: "ftp://a.example/" }, "returnurl", "url"],
    ["callbackUrl", { ...valid(), callbackUrl: "javascript:alert(1)" }, "callbackUrl", "url"],
    ["extra unicode", { ...valid(), extra: "შეკვეთა" }, "extra", "ans_only"],
    ["extra long", { ...valid(), extra: "x".repeat(26) }, "extra", "max_length"],
    ["extra2 long", { ...valid(), extra2: "x".repeat(53) }, "extra2", "max_length"],
    ["extra2 control", { ...valid(), extra2: "a\nb" }, "extra2", "ans_only"],
    ["description", { ...valid(), description: "d".repeat(31) }, "description", "max_length"],
    ["saveCardToDate format", { ...valid(), saveCardToDate: "12/29" }, "saveCardToDate", "format_mmyy"],
    ["saveCardToDate month", { ...valid(), saveCardToDate: "1329" }, "saveCardToDate", "month_range"],
    ["cardExpiryDate alias", { ...valid(), cardExpiryDate: "0029" }, "saveCardToDate", "month_range"],
    ["methods type", { ...valid(), methods: "5" }, "methods", "type"],
    ["method unknown", { ...valid(), methods: [5, 3] }, "methods.1", "allowed_values"],
    ["method duplicate", { ...valid(), methods: [5, 7, 5] }, "methods.2", "unique"],
    ["method 6 inactive", { ...valid(), methods: [6] }, "methods.0", "not_activated"],
    ["method 9 inactive", { ...valid(), methods: [5, 9] }, "methods.1", "not_activated"],
    ["saveCard + QR", { ...valid(), saveCard: true, methods: [5, 4] }, "methods.1", "forbidden_with_save_card"],
    ["method 8 no products", { ...valid(), methods: [8] }, "installmentProducts", "required_with_method_8"],
    [
      "method 8 empty products",
      { ...valid(), methods: [8], installmentProducts: [] },
      "installmentProducts",
      "required_with_method_8",
    ],
    [
      "method 8 USD",
      {
        ...valid(),
        amount: { currency: "USD", total: 1 },
        methods: [8],
        installmentProducts: [{ name: "a", price: 1, quantity: 1 }],
      },
      "amount.currency",
      "currency_gel_for_installment",
    ],
    [
      "sum",
      {
        ...valid(),
        amount: { currency: "GEL", total: 1 },
        installmentProducts: [{ name: "a", price: 0.33, quantity: 3 }],
      },
      "installmentProducts",
      "sum_equals_total",
    ],
    [
      "product name empty",
      { ...valid(), installmentProducts: [{ name: " ", price: 1, quantity: 1 }] },
      "installmentProducts.0.name",
      "required",
    ],
    [
      "product name long",
      { ...valid(), installmentProducts: [{ name: "n".repeat(256), price: 1, quantity: 1 }] },
      "installmentProducts.0.name",
      "max_length",
    ],
    [
      "product price",
      { ...valid(), installmentProducts: [{ name: "a", Price: 1.001, quantity: 1 }] },
      "installmentProducts.0.price",
      "max_2_decimals",
    ],
    [
      "product quantity",
      { ...valid(), installmentProducts: [{ name: "a", price: 1, quantity: 1.5 }] },
      "installmentProducts.0.quantity",
      "positive_integer",
    ],
    [
      "product quantity zero",
      { ...valid(), installmentProducts: [{ name: "a", price: 1, quantity: 0 }] },
      "installmentProducts.0.quantity",
      "positive_integer",
    ],
    ["language", { ...valid(), language: "DE" }, "language", "enum"],
    ["expirationMinutes", { ...valid(), expirationMinutes: 0 }, "expirationMinutes", "positive_integer"],
    ["merchantPaymentId", { ...valid(), merchantPaymentId: "m".repeat(101) }, "merchantPaymentId", "max_length"],
    ["userIpAddress", { ...valid(), userIpAddress: "300.1.1.1" }, "userIpAddress", "ip_address"],
    ["preAuth type", { ...valid(), preAuth: "true" }, "preAuth", "type"],
    ["saveCard type", { ...valid(), saveCard: 1 }, "saveCard", "type"],
    ["skipInfoMessage type", { ...valid(), skipInfoMessage: null }, "skipInfoMessage", "type"],
  ]
  it.each(cases)("%s", (_name, input, field, rule) => {
    expectIssue(input, field, rule)
    expect(() => validateCreatePaymentRequest(input)).toThrow(TbcValidationError)
  })

  it("reports all issues at once, including relations next to a wrongly typed field", () => {
    const issues = issuesOf({
      amount: { currency: "USD", total: 1 },
      returnurl: 42,
      extra: "ü",
      methods: [8, 8],
      installmentProducts: [{ name: "a", price: 0.5, quantity: 1 }],
    })
    const pairs = issues.map((i) => `${i.field}:${i.rule}`)
    expect(pairs).toEqual(
      expect.arrayContaining([
        "returnurl:type",
        "extra:ans_only",
        "methods.1:unique",
        "amount.currency:currency_gel_for_installment",
        "installmentProducts:sum_equals_total",
      ])
    )
  })

  it("throws a TbcValidationError whose message and JSON name the field", () => {
    try {
      validateCreatePaymentRequest({ ...valid(), extra: "x".repeat(30) })
      throw new Error("expected a throw")
    } catch (error) {
      expect(error).toBeInstanceOf(TbcValidationError)
      const json = (error as TbcValidationError).toJSON()
      expect(json.issues).toEqual([{ field: "extra", rule: "max_length", message: "must be at most 25 characters" }])
      expect((error as Error).message).toContain("extra: must be at most 25 characters")
    }
  })
})
