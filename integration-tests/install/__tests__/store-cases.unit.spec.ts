/**
 * The install test's reading of package-manager output and of the peer floor: a parser that
 * missed pnpm's peer warnings would let an unmet peer pass silently (pnpm only warns).
 */
import { chosenStores, floorVersion, peerComplaints } from "../store-cases"

// pnpm 10's `pnpm add` output for a plugin asking ^2.21.2 in a 2.18.0 store (shortened)
const PNPM_OUTPUT = `Progress: resolved 1085, reused 994, downloaded 2, added 4, done
 WARN  Issues with peer dependencies found
.
├─┬ @medusajs/medusa 2.18.0
│ └─┬ @medusajs/draft-order 2.18.0
│   └── ✕ missing peer @medusajs/icons@2.18.0
├─┬ medusa-payment-tbc 0.1.0
│ ├── ✕ missing peer @medusajs/icons@^2.21.2
│ ├─┬ @medusajs/ui 4.2.6
│ │ └── ✕ unmet peer react@^18.3.1: found 19.0.0
│ └── ✕ unmet peer @medusajs/framework@^2.21.2: found 2.18.0
└─┬ @medusajs/cli 2.18.0
  └── ✕ unmet peer @opentelemetry/api@">=1.0.0 <1.10.0": found 1.10.0
dependencies:
+ medusa-payment-tbc 0.1.0
`

describe("peerComplaints", () => {
  it("pnpm: every peer line in the plugin's subtree, none of other packages'", () => {
    expect(peerComplaints("pnpm", PNPM_OUTPUT)).toEqual([
      "│ ├── ✕ missing peer @medusajs/icons@^2.21.2",
      "│ │ └── ✕ unmet peer react@^18.3.1: found 19.0.0",
      "│ └── ✕ unmet peer @medusajs/framework@^2.21.2: found 2.18.0",
    ])
  })

  it("pnpm: none when the warnings name only other packages, or there are none", () => {
    const othersOnly = PNPM_OUTPUT.replace(/├─┬ medusa-payment-tbc[\s\S]*?(?=└─┬ @medusajs\/cli)/, "")
    expect(othersOnly).toContain("Issues with peer dependencies found")
    expect(peerComplaints("pnpm", othersOnly)).toEqual([])
    expect(peerComplaints("pnpm", "dependencies:\n+ medusa-payment-tbc 0.1.0\n")).toEqual([])
  })

  it("npm: ERESOLVE errors and peer-override warnings", () => {
    const output = [
      "npm warn ERESOLVE overriding peer dependency",
      "npm error code ERESOLVE",
      'npm error peer @medusajs/admin-sdk@"^2.21.2" from medusa-payment-tbc@0.1.0',
      "added 4 packages in 3s",
    ].join("\n")
    expect(peerComplaints("npm", output)).toHaveLength(3)
    expect(peerComplaints("npm", "added 4 packages in 3s\n")).toEqual([])
  })
})

describe("floorVersion", () => {
  it("is the lower end of the framework's caret range", () => {
    expect(floorVersion({ peerDependencies: { "@medusajs/framework": "^2.18.0" } })).toBe("2.18.0")
  })

  it("refuses a range it cannot read a floor from, naming it", () => {
    expect(() => floorVersion({ peerDependencies: { "@medusajs/framework": ">=2.18" } })).toThrow('is ">=2.18"')
    expect(() => floorVersion({})).toThrow('is ""')
  })
})

describe("chosenStores (TBC_INSTALL_STORES)", () => {
  it("reads floor and newest as those versions, asking the registry for the newest once", () => {
    const newest = jest.fn(() => "2.21.2")
    const stores = chosenStores("floor:npm, newest:pnpm,newest:npm", () => "2.18.0", newest)
    expect(stores.map(({ medusa, pm, role, label }) => `${medusa} ${pm} ${role} ${label}`)).toEqual([
      "2.18.0 npm floor 2-18-0-npm",
      "2.21.2 pnpm newest 2-21-2-pnpm",
      "2.21.2 npm newest 2-21-2-npm",
    ])
    expect(newest).toHaveBeenCalledTimes(1)
  })

  it("takes exact versions as chosen, and refuses what it cannot read, naming the entry", () => {
    expect(
      chosenStores(
        "2.13.0:pnpm",
        () => "2.18.0",
        () => "2.21.2"
      )
    ).toEqual([{ medusa: "2.13.0", pm: "pnpm", role: "chosen", label: "2-13-0-pnpm" }])
    expect(() =>
      chosenStores(
        "latest:npm",
        () => "2.18.0",
        () => "2.21.2"
      )
    ).toThrow('entry "latest:npm"')
    expect(() =>
      chosenStores(
        "floor:yarn",
        () => "2.18.0",
        () => "2.21.2"
      )
    ).toThrow('entry "floor:yarn"')
  })
})
