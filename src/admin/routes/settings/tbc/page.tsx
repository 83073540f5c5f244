/**
 * Settings → TBC Bank (/settings/tbc): the configured providers with masked credentials, the
 * callback URL to register at the bank, "Check connection", recent callbacks and installment
 * sync runs with "Sync now", installment changes that could not be applied. Data from the plugin's admin routes (src/api/admin/tbc).
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text, Toaster } from "@medusajs/ui"
import { useCallback, useEffect, useState } from "react"
import { ActivitySection } from "../../../components/activity-section"
import { AttentionSection } from "../../../components/attention-section"
import { ConnectionSection } from "../../../components/connection-section"
import { FailedChangesSection } from "../../../components/failed-changes-section"
import { ProvidersSection } from "../../../components/providers-section"
import { RecordingFailuresSection } from "../../../components/recording-failures-section"
import {
  adminFetch,
  errorText,
  type AttentionPayment,
  type CallbackRow,
  type FailedChangeRow,
  type ProviderSettings,
  type RecordingFailureRow,
  type SyncRunRow,
} from "../../../lib/api"

interface PageData {
  providers: ProviderSettings[]
  callbacks: CallbackRow[]
  syncRuns: SyncRunRow[]
  failedChanges: FailedChangeRow[]
  attention: AttentionPayment[]
  recordingFailures: RecordingFailureRow[]
}

const TbcSettingsPage = () => {
  const [data, setData] = useState<PageData | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      const [settings, callbacks, runs, failed, attention, recording] = await Promise.all([
        adminFetch<{ providers: ProviderSettings[] }>("/admin/tbc/settings"),
        adminFetch<{ callbacks: CallbackRow[] }>("/admin/tbc/callbacks?limit=20"),
        adminFetch<{ sync_runs: SyncRunRow[] }>("/admin/tbc/installments/sync-runs?limit=10"),
        adminFetch<{ failed_changes: FailedChangeRow[] }>("/admin/tbc/installments/failed-changes?limit=50"),
        adminFetch<{ payments: AttentionPayment[] }>("/admin/tbc/payments/attention?limit=50"),
        adminFetch<{ recording_failures: RecordingFailureRow[] }>("/admin/tbc/saved-cards/recording-failures?limit=50"),
      ])
      setData({
        providers: settings.providers,
        callbacks: callbacks.callbacks,
        syncRuns: runs.sync_runs,
        failedChanges: failed.failed_changes,
        attention: attention.payments,
        recordingFailures: recording.recording_failures,
      })
      setError(null)
    } catch (e) {
      setError(errorText(e))
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  return (
    <div className="flex flex-col gap-y-3">
      <Toaster />
      <Container className="px-6 py-4">
        <Heading level="h1">TBC Bank</Heading>
        <Text size="small" className="text-ui-fg-subtle">Card payments, preauthorization, saved cards and installments through TBC Bank.</Text>
      </Container>
      {error && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error">{error}</Text>
        </Container>
      )}
      {data && data.providers.length === 0 && (
        <Container className="px-6 py-4">
          <Text size="small">No TBC provider is configured in medusa-config.</Text>
        </Container>
      )}
      {data && data.providers.length > 0 && (
        <>
          <ProvidersSection providers={data.providers} />
          <ConnectionSection />
          <AttentionSection payments={data.attention} />
          <ActivitySection callbacks={data.callbacks} syncRuns={data.syncRuns} onChanged={load} />
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

export default TbcSettingsPage
