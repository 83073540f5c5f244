import { Container, Heading, Text } from "@medusajs/ui"
import { type RecordingFailureRow } from "../lib/api"
import { RetriedFailuresTable } from "./retried-failures-table"

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
      <RetriedFailuresTable
        rows={failures}
        columns={["Payment", "Customer"]}
        cells={(f) => [f.payment_id, f.customer_id]}
      />
    </Container>
  )
}
