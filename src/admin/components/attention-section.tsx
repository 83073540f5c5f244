import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { checkoutStatusLabel } from "../../lib/labels"
import { formatTime, type AttentionPayment } from "../lib/api"

const ACTION_WORDS: Record<string, string> = {
  cancelled: "Hold cancelled",
  refunded: "Refunded in full",
  notified: "Left at the bank for you",
  failed: "Failed, retried by the sweep",
  acting: "In progress",
}

const amountText = (minor: number | null, currency: string): string =>
  minor === null ? "—" : `${(minor / 100).toFixed(2)} ${currency}`

/**
 * Orphaned payments (money at the bank for a checkout whose Medusa session is gone) and saved-card
 * charges with an uncertain outcome: what the plugin did, and what is left for the admin.
 */
export function AttentionSection({ payments }: { payments: AttentionPayment[] }) {
  return (
    <Container className="divide-y p-0" data-testid="tbc-orphaned-payments">
      <div className="px-6 py-4">
        <Heading level="h2">Orphaned and uncertain payments</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Money the bank held or took for a checkout that changed before the order existed (orphan policy: refund or
          notify), and saved-card charges whose bank answer could not be read (never sent twice; check them in the TBC
          dashboard).
        </Text>
      </div>
      {payments.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          Nothing needs attention.
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Time</Table.HeaderCell>
              <Table.HeaderCell>Payment id</Table.HeaderCell>
              <Table.HeaderCell>Amount</Table.HeaderCell>
              <Table.HeaderCell>Problem</Table.HeaderCell>
              <Table.HeaderCell>What was done</Table.HeaderCell>
              <Table.HeaderCell>Bank status</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {payments.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{formatTime(p.action_at ?? p.created_at)}</Table.Cell>
                <Table.Cell>{p.pay_id ?? `session ${p.payment_session_id}`}</Table.Cell>
                <Table.Cell>{amountText(p.action_amount ?? p.amount, p.currency)}</Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={p.problem === "orphaned" ? "orange" : "red"}>
                    {p.problem}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <Text size="small">
                    {p.problem === "uncertain"
                      ? p.resolved_at
                        ? "Settled by reading the bank"
                        : "Check at the bank; not charged again"
                      : (ACTION_WORDS[p.action ?? ""] ?? p.action ?? "—")}
                  </Text>
                  {p.message && (
                    <Text size="xsmall" className="text-ui-fg-subtle">
                      {p.message}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell title={p.bank_status ?? undefined}>
                  {p.bank_status ? checkoutStatusLabel(p.bank_status) : "—"}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
