/**
 * The options a provider runs with: config + the admin's stored settings, through the per-process
 * cache (at most SETTINGS_TTL_MS old): the config's value where a stored one is no longer allowed,
 * a clear error (fail closed) when the settings cannot be read.
 */
import { parseCheckoutOptions, type TbcCheckoutOptions } from "../../tbc-checkout/options"
import { EffectiveOptions } from "../effective-options"
import {
  invalidateStoredSettings,
  SETTINGS_TTL_MS,
  storedSettings,
  type StoredSetting,
} from "../../../modules/tbc/settings/settings-store"
import type { PgConnection } from "../../../modules/tbc/pg-connection"

const PROVIDER = "pp_tbc-checkout_tbc"
const config = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "secret",
  environment: "test",
  storeUrl: "https://api.shop.ge",
  returnUrl: "https://shop.ge/return",
  methods: [5],
  preAuth: true,
}

const row = (key: string, value: unknown, provider_id = PROVIDER): StoredSetting => ({
  provider_id,
  key,
  value,
  updated_by: "admin@shop.ge",
  updated_at: new Date(),
})

function fakeDb(rows: StoredSetting[] | Error) {
  const pg = {
    calls: 0,
    rows,
    async raw(sql: string) {
      pg.calls++
      if (!/from tbc_provider_setting/.test(sql)) throw new Error(`unexpected SQL ${sql}`)
      if (pg.rows instanceof Error) throw pg.rows
      return { rows: pg.rows as unknown as Record<string, unknown>[] }
    },
  }
  return pg
}

function logger() {
  const warnings: string[] = []
  return {
    warnings,
    debug: () => undefined,
    info: () => undefined,
    warn: (message: string) => warnings.push(message),
    error: () => undefined,
  }
}

const live = (pg: PgConnection | undefined, log = logger()) =>
  new EffectiveOptions<TbcCheckoutOptions>("tbc-checkout", PROVIDER, config, parseCheckoutOptions(config), pg, log)

beforeEach(() => invalidateStoredSettings())

describe("EffectiveOptions", () => {
  it("runs on the config when nothing is stored, or outside a Medusa app (no database)", async () => {
    expect(await live(fakeDb([])).current()).toMatchObject({ preAuth: true, methods: [5] })
    expect(await live(undefined).current()).toMatchObject({ preAuth: true })
  })

  it("applies the stored settings of its own registration only", async () => {
    const pg = fakeDb([row("preAuth", false), row("language", "KA"), row("preAuth", true, "pp_tbc-checkout_other")])
    expect(await live(pg).current()).toMatchObject({ preAuth: false, language: "KA", clientSecret: "secret" })
  })

  it("fails closed when the settings cannot be read: a clear error, never the config's values in silence", async () => {
    const log = logger()
    const pg = fakeDb(new Error("relation tbc_provider_setting does not exist"))
    const error = await live(pg, log)
      .current()
      .then(
        () => undefined,
        (e: Error & { type?: string }) => e
      )
    expect({ type: error?.type, message: error?.message }).toEqual({
      type: "unexpected_state",
      message: expect.stringMatching(/TBC settings saved in the admin could not be read, so nothing was sent/),
    })
    expect(log.warnings).toEqual([expect.stringMatching(/could not be read .*does not exist.*wait until they can/)])
    // once the table reads again (after the cache's SETTINGS_TTL_MS), the settings apply again
    invalidateStoredSettings()
    pg.rows = [row("preAuth", false)]
    expect(await live(pg, log).current()).toMatchObject({ preAuth: false })
  })

  it("ignores a stored value the config no longer allows, with a warning naming the rule", async () => {
    const log = logger()
    const pg = fakeDb([row("methods", [5, 9]), row("saveCards", true)])
    const options = await live(pg, log).current()
    expect(options).toMatchObject({ methods: [5], saveCards: true })
    expect(log.warnings.join("\n")).toMatch(/methods\.1: method 9 must be activated by the bank first/)
  })
})

describe("storedSettings cache", () => {
  it("reads the table at most once per SETTINGS_TTL_MS, and again at once after a save (invalidate)", async () => {
    const pg = fakeDb([row("preAuth", false)])
    let now = 1_000_000
    const clock = () => now
    await Promise.all([storedSettings(pg, undefined, clock), storedSettings(pg, undefined, clock)])
    expect(pg.calls).toBe(1)
    now += SETTINGS_TTL_MS - 1
    await storedSettings(pg, undefined, clock)
    expect(pg.calls).toBe(1)
    pg.rows = [row("preAuth", true)]
    now += 1
    expect((await storedSettings(pg, undefined, clock)).rows[0].value).toBe(true)
    expect(pg.calls).toBe(2)
    invalidateStoredSettings()
    await storedSettings(pg, undefined, clock)
    expect(pg.calls).toBe(3)
    expect(SETTINGS_TTL_MS).toBeLessThanOrEqual(2000)
  })
})
