/**
 * integration-tests/setup.js empties MikroORM's entity metadata before each test file without
 * loading MikroORM: it empties globalThis["mikro-orm-metadata"], which must be the very object
 * MetadataStorage keeps (what MetadataStorage.clear() empties).
 */
import { MetadataStorage } from "@medusajs/framework/mikro-orm/core"

describe("integration-tests/setup.js", () => {
  it("empties the metadata MetadataStorage keeps, as MetadataStorage.clear() does", () => {
    const stored = MetadataStorage.getMetadata()
    expect((globalThis as Record<string, unknown>)["mikro-orm-metadata"]).toBe(stored)
    MetadataStorage.getMetadata("Left", "/a/file/before.ts")
    expect(Object.keys(stored).length).toBeGreaterThan(0)
    // run again, as jest runs it before each file
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    jest.isolateModules(() => require("../setup"))
    expect(MetadataStorage.getMetadata()).toEqual({})
    expect(MetadataStorage.getMetadata()).toBe(stored)
  })
})
