/**
 * GET /admin/tbc/settings: every configured TBC provider with its credentials masked ("set" /
 * "missing"), the settings a shop manager may change (config value, stored value, value in force,
 * why a stored one is ignored) and the audit trail of those changes, newest first.
 *
 * POST /admin/tbc/settings `{ provider_id, set?: { key: value }, reset?: [key] }`: stores the
 * changes of one registration, all or none, each with its audit line (who, when, old → new). The
 * values go through the provider's options schema merged with its config (src/lib/settings/merge.ts):
 * a refusal is a 400 naming each field and its rule (`issues`). In force on every instance within
 * SETTINGS_TTL_MS, with no restart. Only the editable list's keys are accepted; never a credential.
 */
import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { findTbcProvider, listTbcRegistrations, providerIdOf } from "../../../../use-cases/tbc-providers"
import { checkSettingsChange } from "../../../../lib/settings/merge"
import type { ValidationIssue } from "../../../../lib/tbc/errors"
import { problemsText } from "../../../../lib/zod-problems"
import type { PgConnection } from "../../../../modules/tbc/pg-connection"
import { ProviderSettingsStore, type StoredSetting } from "../../../../modules/tbc/settings/settings-store"
import { OPTION_SCHEMAS } from "../../../../providers/common/effective-options"
import type { SettingsBody } from "../../../validators/route-schemas"
import { editableSettingsView, settingChangeView } from "../helpers/editable-settings-view"
import { providerSettingsView } from "../helpers/provider-settings"

/** Audit rows the page shows. */
const AUDIT_ROWS = 50

const storeOf = (req: MedusaRequest) =>
  new ProviderSettingsStore(req.scope.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // no query keys accepted (route-validators.ts)
  // one row per registration; a checkout row lists its per-method providers (`method_providers`)
  const registrations = listTbcRegistrations(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE))
  const store = storeOf(req)
  let rows: StoredSetting[] = []
  let changes: ReturnType<typeof settingChangeView>[] = []
  let settingsError: string | null = null
  try {
    rows = await store.all()
    changes = (await store.changes(AUDIT_ROWS)).map(settingChangeView)
  } catch (error) {
    // the page still shows the config's values; payments run on them too (effective-options.ts)
    settingsError = `The stored settings could not be read, so the medusa-config values apply: ${
      error instanceof Error ? error.message.replace(/\s+/g, " ").slice(0, 200) : String(error)
    }`
  }
  const providers = registrations.map((registration) => {
    const editable = editableSettingsView(registration, rows)
    // the providers table shows what is in force (methods, preauth, saved cards), not the config alone
    return {
      ...providerSettingsView({ ...registration, options: editable.optionsInForce }),
      editable: editable.settings,
    }
  })
  res.json({ providers, changes, settings_error: settingsError })
}

/** A save refused by the rules: answered 400 with the issues, nothing written. */
class SettingsRefused extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(problemsText(issues))
  }
}

async function actorOf(req: MedusaRequest): Promise<{ id: string; email: string | null } | undefined> {
  const id = (req as AuthenticatedMedusaRequest).auth_context?.actor_id
  if (!id) return undefined
  const email = await req.scope
    .resolve(Modules.USER)
    .retrieveUser(id, { select: ["email"] })
    .then((user: { email?: string | null }) => user.email ?? null)
    .catch(() => null)
  return { id, email }
}

export async function POST(req: MedusaRequest<SettingsBody>, res: MedusaResponse) {
  // the body's shape is checked by route-validators.ts
  const body = req.validatedBody
  const actor = await actorOf(req)
  if (!actor) {
    res.status(401).json({ type: "unauthorized", message: "An admin must be logged in" })
    return
  }
  const registration = findTbcProvider(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), body.provider_id)
  if (!registration) {
    const issues = [{ field: "provider_id", rule: "unknown_provider", message: "is not a TBC provider of this store" }]
    res.status(400).json({ type: "invalid_data", message: problemsText(issues, "Invalid settings"), issues })
    return
  }
  // kept per registration: a per-method provider's id (pp_tbc-card_<id>) names its registration's
  const key = providerIdOf(registration.kind, registration.registrationId)
  try {
    const changes = await storeOf(req).save(key, actor, (stored) => {
      const checked = checkSettingsChange(
        OPTION_SCHEMAS[registration.kind],
        registration.kind,
        registration.options,
        stored.map((row) => ({ key: row.key, value: row.value })),
        { set: body.set, reset: body.reset }
      )
      if (!checked.ok) throw new SettingsRefused(checked.issues)
      return checked.changes
    })
    res.json({ provider_id: key, changes })
  } catch (error) {
    if (!(error instanceof SettingsRefused)) throw error
    res.status(400).json({
      type: "invalid_data",
      message: problemsText(error.issues, `Invalid settings of ${key}`),
      issues: error.issues,
    })
  }
}
