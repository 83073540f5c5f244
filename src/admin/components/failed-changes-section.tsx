import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { formatTime, type FailedChangeRow } from "../lib/api"

/**
 * Installment status changes whose effect on Medusa failed: given up after the last retry (the
 * admin must settle them by hand, e.g. place the order or cancel the application at the bank)
 * and those still retried by the sync, each with the last error.
 */
export function FailedChangesSection({ failedChanges }: { failedChanges: FailedChangeRow[] }) {
  return (
    <Container className="divide-y p-0" data-testid="tbc-failed-changes">
      <div className="px-6 py-4">
        <Heading level="h2">Installment changes that could not be applied</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Retried by the sync; after the last retry they are given up and need a look.
        </Text>
      </div>
      {failedChanges.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">None.</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Application</Table.HeaderCell>
              <Table.HeaderCell>Bank status</Table.HeaderCell>
              <Table.HeaderCell>State</Table.HeaderCell>
              <Table.HeaderCell>Tries</Table.HeaderCell>
              <Table.HeaderCell>Last error</Table.HeaderCell>
              <Table.HeaderCell>Next try / given up</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {failedChanges.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell>{c.bank_session_id}</Table.Cell>
                <Table.Cell>{c.status_id}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={c.state === "given_up" ? "red" : "orange"}>
                    {c.state === "given_up" ? "given up" : "retrying"}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{c.attempts}</Table.Cell>
                <Table.Cell>{c.last_error}</Table.Cell>
                <Table.Cell>{formatTime(c.gave_up_at ?? c.next_attempt_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
