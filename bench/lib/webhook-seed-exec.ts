/**
 * Run by `medusa exec` (bench/webhooks.bench.ts): seeds the scratch store with the integration
 * tests' seedStore (GEL region with the TBC providers, a product, courier shipping, a publishable
 * key) and prints `BENCH_SEED {...}` with what the bench needs to build carts.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { seedStore } from "../../integration-tests/utils/seed-store"

export default async function seedForWebhookBench({ container }: ExecArgs): Promise<void> {
  const store = await seedStore(container, { customer: { email: "bench@tbc-bench.ge", password: "supersecret" } })
  process.stdout.write(`BENCH_SEED ${JSON.stringify(store)}\n`)
}
