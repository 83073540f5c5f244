import { Badge, Button, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { errorText, type CallbackRow, type SyncPollRow, type SyncRunRow } from "../lib/api"
import { useSyncNow } from "../lib/queries"
import { lastPollText, syncNeedsAttention, syncSummaryText } from "../lib/sync-summary"
import { callbackRowText, checkoutStatusText } from "../lib/i18n"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

/**
 * Recent bank callbacks and installment sync runs, with "Sync now" (its toast says what it
 * received, applied and acknowledged, or "nothing new") and each provider's last poll: a run row
 * is written only for a page with changes, the poll line shows that empty polls happen too.
 */
export function ActivitySection({
  callbacks,
  syncRuns,
  lastPolls,
  installmentProviders,
}: {
  callbacks: CallbackRow[]
  syncRuns: SyncRunRow[]
  lastPolls: SyncPollRow[]
  installmentProviders: string[]
}) {
  const sync = useSyncNow()
  const t = useTbcT()
  const time = useFormatTime()
  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => (syncNeedsAttention(result) ? toast.warning : toast.success)(syncSummaryText(result, t)),
      onError: (e) => toast.error(errorText(e)),
    })

  return (
    <>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">{t("tbc.activity.callbacks")}</Heading>
        </div>
        {callbacks.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle px-6 py-4">
            {t("tbc.activity.noCallbacks")}
          </Text>
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("tbc.activity.time")}</Table.HeaderCell>
                <Table.HeaderCell>{t("tbc.activity.paymentId")}</Table.HeaderCell>
                <Table.HeaderCell>{t("tbc.activity.result")}</Table.HeaderCell>
                <Table.HeaderCell>{t("tbc.activity.bankStatus")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {callbacks
                .map((c) => ({ c, verdict: callbackRowText(c, t) }))
                .map(({ c, verdict }) => (
                  <Table.Row key={c.id} data-testid={`tbc-callback-${c.id}`}>
                    <Table.Cell>{time(c.created_at)}</Table.Cell>
                    <Table.Cell>{c.pay_id ?? "—"}</Table.Cell>
                    <Table.Cell>
                      <Badge size="2xsmall" color={verdict.tone} title={c.result}>
                        {verdict.text}
                        {(c.count ?? 1) > 1 ? ` ×${c.count}` : ""}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell title={c.bank_status ?? undefined}>
                      {c.bank_status ? checkoutStatusText(c.bank_status, t) : "—"}
                    </Table.Cell>
                  </Table.Row>
                ))}
            </Table.Body>
          </Table>
        )}
      </Container>
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">{t("tbc.activity.syncRuns")}</Heading>
          <Button
            size="small"
            variant="secondary"
            isLoading={sync.isPending}
            onClick={syncNow}
            data-testid="tbc-sync-now"
          >
            {t("tbc.activity.syncNow")}
          </Button>
        </div>
        {installmentProviders.map((providerId) => (
          <Text
            key={providerId}
            size="small"
            className="text-ui-fg-subtle px-6 py-2"
            data-testid={`tbc-last-poll-${providerId}`}
          >
            {installmentProviders.length > 1 ? `${providerId}: ` : ""}
            {lastPollText(
              lastPolls.find((p) => p.provider_id === providerId),
              time,
              t
            )}
          </Text>
        ))}
        {syncRuns.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle px-6 py-4">
            {t("tbc.activity.noSyncRuns")}
          </Text>
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("tbc.activity.when")}</Table.HeaderCell>
                <Table.HeaderCell>{t("tbc.activity.changes")}</Table.HeaderCell>
                <Table.HeaderCell>{t("tbc.activity.applied")}</Table.HeaderCell>
                <Table.HeaderCell>{t("tbc.activity.acknowledged")}</Table.HeaderCell>
                <Table.HeaderCell>{t("tbc.activity.error")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {syncRuns.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>{time(r.created_at)}</Table.Cell>
                  <Table.Cell>{r.change_count}</Table.Cell>
                  <Table.Cell>{r.applied_count}</Table.Cell>
                  <Table.Cell>{r.acknowledged_at ? time(r.acknowledged_at) : t("tbc.common.no")}</Table.Cell>
                  <Table.Cell>{r.error ?? "—"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
    </>
  )
}
