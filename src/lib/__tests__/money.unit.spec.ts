import { MAX_EXACT_MINOR, majorToMinorExact, minorToMajor, readMinorExact, sumMinor, toMinorUnits } from "../money"

describe("majorToMinorExact", () => {
  it.each([
    [12.3, 1230],
    [0.1, 10],
    [0.29, 29],
    [1.15, 115],
    [0, 0],
    [-0, 0],
    [-12.34, -1234],
    ["12.30", 1230],
    ["12.300", 1230],
    ["0.01", 1],
    ["1e2", 10000],
    ["1.5E-1", 15],
    [999999999999.99, MAX_EXACT_MINOR],
  ])("%p → %p", (input, expected) => {
    expect(majorToMinorExact(input)).toBe(expected)
  })

  it.each([
    [1e-7],
    [1.005],
    [0.001],
    [NaN],
    [Infinity],
    [-Infinity],
    ["12.345"],
    ["abc"],
    [""],
    [" 1"],
    ["1."],
    [".5"],
    ["0x10"],
    [1e20],
    ["1000000000000"],
    [1000000000000.01],
  ])("%p → null", (input) => {
    expect(majorToMinorExact(input)).toBeNull()
  })
})

describe("readMinorExact names why a value is not exact", () => {
  it.each([
    [12.3, { minor: 1230 }],
    [999999999999.99, { minor: MAX_EXACT_MINOR }],
    [999999999999.991, { reason: "too_many_decimals" }],
    [1.005, { reason: "too_many_decimals" }],
    [1e12, { reason: "too_large" }],
    [1e20, { reason: "too_large" }],
    ["12,30", { reason: "not_decimal" }],
    [Infinity, { reason: "not_decimal" }],
  ])("%p → %p", (input, expected) => {
    expect(readMinorExact(input)).toEqual(expected)
  })
})

describe("toMinorUnits", () => {
  it.each([
    [12.34, 1234],
    ["12.345", 1235],
    ["12.344999", 1234],
    [1.005, 101],
    [20.2, 2020],
    ["100.25", 10025],
    ["33.3333333333", 3333],
    ["0.005", 1],
    ["1.5e3", 150000],
    ["1e-7", 0],
    ["-1.005", -101],
    ["-0.001", 0],
  ])("%p → %p", (input, expected) => {
    expect(toMinorUnits(input)).toBe(expected)
  })

  it("throws on NaN, non-finite, missing and huge amounts", () => {
    expect(() => toMinorUnits(NaN)).toThrow(/finite|Invalid/)
    expect(() => toMinorUnits("abc")).toThrow(/finite/)
    expect(() => toMinorUnits(Infinity)).toThrow(/finite/)
    expect(() => toMinorUnits(undefined as unknown as number)).toThrow(/required/)
    expect(() => toMinorUnits("1e20")).toThrow(/too large/)
    expect(() => toMinorUnits("1e999999999")).toThrow(/too large/) // without building 10^999999999
    expect(toMinorUnits("1e-999999999")).toBe(0)
  })
})

describe("minorToMajor and sumMinor", () => {
  it("converts exactly for JSON", () => {
    expect(minorToMajor(1234)).toBe(12.34)
    expect(JSON.stringify({ total: minorToMajor(1030) })).toBe('{"total":10.3}')
    expect(minorToMajor(1)).toBe(0.01)
    expect(Object.is(minorToMajor(-0), 0)).toBe(true)
    expect(() => minorToMajor(1.5)).toThrow(RangeError)
  })

  it("sums integers and refuses non-integers or overflow", () => {
    expect(sumMinor([10, 20, 3])).toBe(33)
    expect(sumMinor([])).toBe(0)
    expect(() => sumMinor([1, 0.5])).toThrow(/index 1/)
    expect(() => sumMinor([MAX_EXACT_MINOR, 1])).toThrow(RangeError)
  })
})
