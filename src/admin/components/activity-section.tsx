import { Badge, Button, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { callbackResultLabel, checkoutStatusLabel } from "../../lib/labels"
import { errorText, formatTime, type CallbackRow, type SyncPollRow, type SyncRunRow } from "../lib/api"
import { useSyncNow } from "../lib/queries"
import { lastPollText, syncNeedsAttention, syncSummaryText } from "../lib/sync-summary"

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
  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => (syncNeedsAttention(result) ? toast.warning : toast.success)(syncSummaryText(result)),
      onError: (e) => toast.error(errorText(e)),
    })

  return (
    <>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Recent callbacks</Heading>
        </div>
        {callbacks.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle px-6 py-4">
            No callbacks received yet.
          </Text>
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Time</Table.HeaderCell>
                <Table.HeaderCell>Payment id</Table.HeaderCell>
                <Table.HeaderCell>Result</Table.HeaderCell>
                <Table.HeaderCell>Bank status</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {callbacks.map((c) => (
                <Table.Row key={c.id}>
                  <Table.Cell>{formatTime(c.created_at)}</Table.Cell>
                  <Table.Cell>{c.pay_id ?? "—"}</Table.Cell>
                  <Table.Cell>
                    <Badge size="2xsmall" color={c.result === "accepted" ? "green" : "orange"} title={c.result}>
                      {callbackResultLabel(c.result)}
                      {(c.count ?? 1) > 1 ? ` ×${c.count}` : ""}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell title={c.bank_status ?? undefined}>
                    {c.bank_status ? checkoutStatusLabel(c.bank_status) : "—"}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">Installment sync runs</Heading>
          <Button
            size="small"
            variant="secondary"
            isLoading={sync.isPending}
            onClick={syncNow}
            data-testid="tbc-sync-now"
          >
            Sync now
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
              formatTime
            )}
          </Text>
        ))}
        {syncRuns.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle px-6 py-4">
            No sync runs yet.
          </Text>
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>When</Table.HeaderCell>
                <Table.HeaderCell>Changes</Table.HeaderCell>
                <Table.HeaderCell>Applied</Table.HeaderCell>
                <Table.HeaderCell>Acknowledged</Table.HeaderCell>
                <Table.HeaderCell>Error</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {syncRuns.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>{formatTime(r.created_at)}</Table.Cell>
                  <Table.Cell>{r.change_count}</Table.Cell>
                  <Table.Cell>{r.applied_count}</Table.Cell>
                  <Table.Cell>{r.acknowledged_at ? formatTime(r.acknowledged_at) : "No"}</Table.Cell>
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
