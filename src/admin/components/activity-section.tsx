import { Badge, Button, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch, errorText, formatTime, type CallbackRow, type SyncRunRow } from "../lib/api"

/** Recent bank callbacks and installment sync runs, with "Sync now". */
export function ActivitySection({
  callbacks,
  syncRuns,
  onChanged,
}: {
  callbacks: CallbackRow[]
  syncRuns: SyncRunRow[]
  onChanged: () => void
}) {
  const [syncing, setSyncing] = useState(false)
  const syncNow = async () => {
    setSyncing(true)
    try {
      await adminFetch("/admin/tbc/installments/sync", { method: "POST" })
      toast.success("Installment statuses synchronised")
      onChanged()
    } catch (e) {
      toast.error(errorText(e))
    } finally {
      setSyncing(false)
    }
  }

  return (
    <>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Recent callbacks</Heading>
        </div>
        {callbacks.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle px-6 py-4">No callbacks received yet.</Text>
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
                    <Badge size="2xsmall" color={c.result === "accepted" ? "green" : "orange"}>
                      {c.result}
                      {(c.count ?? 1) > 1 ? ` ×${c.count}` : ""}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{c.bank_status ?? "—"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">Installment sync runs</Heading>
          <Button size="small" variant="secondary" isLoading={syncing} onClick={syncNow}>Sync now</Button>
        </div>
        {syncRuns.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle px-6 py-4">No sync runs yet.</Text>
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
