/**
 * Settings → TBC Bank (/settings/tbc): the configured providers with masked credentials, the
 * callback URL to register at the bank, the settings a shop manager may change (with their audit
 * trail), "Check connection", recent callbacks and installment
 * sync runs with "Sync now", installment changes that could not be applied, and the ledger's
 * history of what admins decided. Data from the plugin's admin routes (src/api/admin/tbc).
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"
import { ActivitySection } from "../../../components/activity-section"
import { AttentionSection } from "../../../components/attention-section"
import { ConnectionSection } from "../../../components/connection-section"
import { EditableSettingsSection } from "../../../components/editable-settings-section"
import { FailedChangesSection } from "../../../components/failed-changes-section"
import { LedgerHistorySection } from "../../../components/ledger-history-section"
import { ProvidersSection } from "../../../components/providers-section"
import { RecordingFailuresSection } from "../../../components/recording-failures-section"
import { SettingsAuditSection } from "../../../components/settings-audit-section"
import { errorText } from "../../../lib/api"
import { useSettingsPage } from "../../../lib/queries"
import { useTbcT } from "../../../lib/use-tbc-t"

// No <Toaster/> here: the dashboard renders one for every page, a second would show each toast twice.
const TbcSettingsPage = () => {
  const { data, error } = useSettingsPage()
  const t = useTbcT()
  const installmentProviders =
    data?.providers.filter((p) => p.kind === "tbc-installments").map((p) => p.provider_id) ?? []

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="px-6 py-4">
        <Heading level="h1">TBC Bank</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("tbc.settings.subtitle")}
        </Text>
      </Container>
      {error && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error">
            {errorText(error)}
          </Text>
        </Container>
      )}
      {data && data.providers.length === 0 && (
        <Container className="px-6 py-4">
          <Text size="small">{t("tbc.settings.noProviders")}</Text>
        </Container>
      )}
      {data && data.providers.length > 0 && (
        <>
          <ProvidersSection providers={data.providers} />
          {data.providers.map((provider) => (
            <EditableSettingsSection key={provider.provider_id} provider={provider} />
          ))}
          <SettingsAuditSection changes={data.settingChanges} error={data.settingsError} />
          <ConnectionSection />
          <AttentionSection attention={data.attention} />
          <LedgerHistorySection history={data.ledgerHistory} />
          <ActivitySection
            callbacks={data.callbacks}
            syncRuns={data.syncRuns}
            lastPolls={data.lastPolls}
            installmentProviders={installmentProviders}
          />
          <FailedChangesSection failedChanges={data.failedChanges} />
          <RecordingFailuresSection failures={data.recordingFailures} />
        </>
      )}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "TBC Bank",
})

/** The breadcrumb's label, as Medusa's own settings pages give one. */
export const handle = {
  breadcrumb: () => "TBC Bank",
}

export default TbcSettingsPage
