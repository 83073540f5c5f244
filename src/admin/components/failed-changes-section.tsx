import { Container, Heading, Text } from "@medusajs/ui"
import { type FailedChangeRow } from "../lib/api"
import { RetriedFailuresTable } from "./retried-failures-table"
import { useTbcT } from "../lib/use-tbc-t"

/**
 * Installment status changes whose effect on Medusa failed: given up after the last retry (the
 * admin must settle them by hand, e.g. place the order or cancel the application at the bank)
 * and those still retried by the sync, each with the last error.
 */
export function FailedChangesSection({ failedChanges }: { failedChanges: FailedChangeRow[] }) {
  const t = useTbcT()
  return (
    <Container className="divide-y p-0" data-testid="tbc-failed-changes">
      <div className="px-6 py-4">
        <Heading level="h2">{t("tbc.failedChanges.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("tbc.failedChanges.hint")}
        </Text>
      </div>
      <RetriedFailuresTable
        rows={failedChanges}
        columns={[t("tbc.failedChanges.application"), t("tbc.failedChanges.bankStatus")]}
        cells={(c) => [c.bank_session_id, c.status_id]}
      />
    </Container>
  )
}
