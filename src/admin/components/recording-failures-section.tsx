import { Container, Heading, Text } from "@medusajs/ui"
import { type RecordingFailureRow } from "../lib/api"
import { RetriedFailuresTable } from "./retried-failures-table"
import { useTbcT } from "../lib/use-tbc-t"

/**
 * Saved cards that could not be recorded after payment: retried by a job with backoff; after the
 * last retry given up (the customer pays by card again and saves it anew).
 */
export function RecordingFailuresSection({ failures }: { failures: RecordingFailureRow[] }) {
  const t = useTbcT()
  return (
    <Container className="divide-y p-0" data-testid="tbc-recording-failures">
      <div className="px-6 py-4">
        <Heading level="h2">{t("tbc.recordingFailures.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("tbc.recordingFailures.hint")}
        </Text>
      </div>
      <RetriedFailuresTable
        rows={failures}
        columns={[t("tbc.recordingFailures.payment"), t("tbc.recordingFailures.customer")]}
        cells={(f) => [f.payment_id, f.customer_id]}
      />
    </Container>
  )
}
