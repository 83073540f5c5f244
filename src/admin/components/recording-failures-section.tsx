import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { formatTime, type RecordingFailureRow } from "../lib/api"

/**
 * Saved cards that could not be recorded after payment: retried by a job with backoff; after the
 * last retry given up (the customer pays by card again and saves it anew).
 */
export function RecordingFailuresSection({ failures }: { failures: RecordingFailureRow[] }) {
  return (
    <Container className="divide-y p-0" data-testid="tbc-recording-failures">
      <div className="px-6 py-4">
        <Heading level="h2">Saved cards that could not be recorded</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Retried every few minutes; after the last retry they are given up and the customer must save the card again.
        </Text>
      </div>
      {failures.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">None.</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Payment</Table.HeaderCell>
              <Table.HeaderCell>Customer</Table.HeaderCell>
              <Table.HeaderCell>State</Table.HeaderCell>
              <Table.HeaderCell>Tries</Table.HeaderCell>
              <Table.HeaderCell>Last error</Table.HeaderCell>
              <Table.HeaderCell>Next try / given up</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {failures.map((f) => (
              <Table.Row key={f.id}>
                <Table.Cell>{f.payment_id}</Table.Cell>
                <Table.Cell>{f.customer_id}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={f.state === "given_up" ? "red" : "orange"}>
                    {f.state === "given_up" ? "given up" : "retrying"}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{f.attempts}</Table.Cell>
                <Table.Cell>{f.last_error}</Table.Cell>
                <Table.Cell>{formatTime(f.gave_up_at ?? f.next_attempt_at)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
