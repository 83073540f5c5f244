import { checkMajorAmount, checkSaveCardToDate, isAnsOnly, isHttpUrl } from "../fields"

describe("field helpers", () => {
  it("isAnsOnly accepts printable ASCII only", () => {
    expect(isAnsOnly("Order #12 (test) ~")).toBe(true)
    expect(isAnsOnly("")).toBe(true)
    expect(isAnsOnly("ქ")).toBe(false)
    expect(isAnsOnly("tab\there")).toBe(false)
    expect(isAnsOnly("\x7f")).toBe(false)
  })

  it("isHttpUrl accepts absolute http(s) only", () => {
    expect(isHttpUrl("https://shop.example/a?b=1")).toBe(true)
    expect(isHttpUrl("http://127.0.0.1:9000/x")).toBe(true)
    expect(isHttpUrl("//shop.example")).toBe(false)
    expect(isHttpUrl("mailto:a@b.c")).toBe(false)
  })

  it("checkSaveCardToDate", () => {
    expect(checkSaveCardToDate("0127")).toEqual({ ok: true, value: "0127" })
    expect(checkSaveCardToDate("127")).toMatchObject({
      ok: false,
      issues: [{ field: "saveCardToDate", rule: "format_mmyy" }],
    })
    expect(checkSaveCardToDate("0027")).toMatchObject({
      ok: false,
      issues: [{ field: "saveCardToDate", rule: "month_range" }],
    })
    expect(checkSaveCardToDate(127)).toMatchObject({ ok: false, issues: [{ field: "saveCardToDate", rule: "type" }] })
  })

  it("checkMajorAmount names the field given", () => {
    expect(checkMajorAmount("refund.amount", 1.5)).toEqual({ ok: true, value: 1.5 })
    expect(checkMajorAmount("refund.amount", 0, { positive: true })).toMatchObject({
      ok: false,
      issues: [{ field: "refund.amount", rule: "positive" }],
    })
    expect(checkMajorAmount("x", undefined)).toMatchObject({ ok: false, issues: [{ field: "x", rule: "required" }] })
  })
})
