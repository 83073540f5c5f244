/** Where a tbc-checkout callback came from: the peer, X-Forwarded-For behind trusted proxies, the allowlist. */
import fc from "fast-check"
import { callbackSourceAddress, isAllowedSource, normalizeAddress } from "../callbacks/callback-auth"
import { judgeOptions } from "./provider-harness"

describe("callback source address", () => {
  it("normalizes IPv4-mapped addresses and refuses non-addresses", () => {
    expect(normalizeAddress("::ffff:193.104.20.44")).toBe("193.104.20.44")
    expect(normalizeAddress("[::1]")).toBe("::1")
    expect(normalizeAddress("bank.ge")).toBeUndefined()
    expect(isAllowedSource("::ffff:185.52.80.45", ["185.52.80.45"])).toBe(true)
    expect(isAllowedSource(undefined, ["185.52.80.45"])).toBe(false)
  })

  it("reads X-Forwarded-For only when the peer is a trusted proxy, from the right past our proxies", () => {
    const proxies = ["10.0.0.5", "10.0.0.6"]
    expect(callbackSourceAddress("10.0.0.5", "193.104.20.44", [])).toBe("10.0.0.5")
    expect(callbackSourceAddress("10.0.0.5", "193.104.20.44, 6.6.6.6", proxies)).toBe("6.6.6.6")
    expect(callbackSourceAddress("10.0.0.5", "6.6.6.6, 193.104.20.44", proxies)).toBe("193.104.20.44")
    expect(callbackSourceAddress("::ffff:10.0.0.5", "6.6.6.6, 193.104.20.44, 10.0.0.6", proxies)).toBe("193.104.20.44")
    expect(callbackSourceAddress("10.0.0.5", undefined, proxies)).toBe("10.0.0.5")
    // not through the proxy: the header is ignored
    expect(callbackSourceAddress("6.6.6.6", "193.104.20.44", proxies)).toBe("6.6.6.6")
    // an unreadable hop ends what can be believed
    expect(callbackSourceAddress("10.0.0.5", "193.104.20.44, garbage", proxies)).toBeUndefined()
  })

  it("takes trustProxy as false or a list of proxy addresses, and refuses true naming the field", () => {
    expect(judgeOptions().trustProxy).toEqual([])
    expect(judgeOptions({ trustProxy: false }).trustProxy).toEqual([])
    expect(judgeOptions({ trustProxy: ["10.0.0.2", "::1"] }).trustProxy).toEqual(["10.0.0.2", "::1"])
    expect(() => judgeOptions({ trustProxy: true })).toThrow(
      /trustProxy: true is not accepted: list the addresses of your own proxies/
    )
    expect(() => judgeOptions({ trustProxy: ["proxy.local"] })).toThrow(
      /trustProxy\.0: must be an IPv4 or IPv6 address/
    )
    expect(() => judgeOptions({ trustProxy: "yes" })).toThrow(
      /trustProxy: must be false or a list of your proxies' IP addresses/
    )
  })

  it("never takes the forwarded address from a peer that is not a trusted proxy (property)", () => {
    const address = fc.oneof(fc.ipV4(), fc.ipV6())
    fc.assert(
      fc.property(
        address,
        fc.array(address, { maxLength: 3 }),
        fc.array(address, { maxLength: 4 }),
        (peer, proxies, hops) => {
          const source = callbackSourceAddress(peer, hops.join(", "), proxies)
          if (!isAllowedSource(peer, proxies)) expect(source).toBe(normalizeAddress(peer))
          // whatever was read is either the peer or one of the hops the proxy chain passed on
          expect([normalizeAddress(peer), ...hops.map(normalizeAddress)]).toContain(source)
        }
      )
    )
  })

  it("never accepts an address outside the allowlist (property)", () => {
    const allow = ["193.104.20.44", "193.104.20.45", "185.52.80.44", "185.52.80.45"]
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string()), (address) => {
        const normalized = normalizeAddress(address)
        expect(isAllowedSource(address, allow)).toBe(normalized !== undefined && allow.includes(normalized))
      })
    )
  })
})
