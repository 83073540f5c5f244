import { Container, Heading, Text } from "@medusajs/ui"
import { type FailedChangeRow } from "../lib/api"
import { RetriedFailuresTable } from "./retried-failures-table"

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
      <RetriedFailuresTable
        rows={failedChanges}
        columns={["Application", "Bank status"]}
        cells={(c) => [c.bank_session_id, c.status_id]}
      />
    </Container>
  )
}
