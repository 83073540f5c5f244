import { Container, Heading, Table, Text } from "@medusajs/ui"
import type { AttentionList } from "../lib/api"
import { AttentionEntryRows } from "./attention-entry"

/**
 * "Payments that need your decision": every unresolved entry of the money ledger (what the bank
 * has not settled, or money at the bank that no order owns), with what is known and the actions
 * that end it. Each action is recorded with the admin's name; the list refreshes after it.
 */
export function AttentionSection({ attention }: { attention: AttentionList }) {
  const { entries, has_more: hasMore } = attention
  return (
    <Container className="divide-y p-0" data-testid="tbc-attention">
      <div className="px-6 py-4">
        <Heading level="h2">Payments that need your decision</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Charges whose outcome the bank has not told us, and money at the bank that no order owns. Look the payment up
          in TBC&apos;s merchant dashboard by its merchantPaymentId, then end it here; every action is recorded with
          your name.
        </Text>
      </div>
      {entries.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="tbc-attention-empty">
          Nothing needs attention.
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>When</Table.HeaderCell>
              <Table.HeaderCell>Amount</Table.HeaderCell>
              <Table.HeaderCell>Payment</Table.HeaderCell>
              <Table.HeaderCell>State</Table.HeaderCell>
              <Table.HeaderCell>Checkout</Table.HeaderCell>
              <Table.HeaderCell>Actions</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <AttentionEntryRows key={entry.id} entry={entry} />
            ))}
          </Table.Body>
        </Table>
      )}
      {hasMore && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          Showing the newest {entries.length}; more are waiting and appear as these are resolved.
        </Text>
      )}
    </Container>
  )
}
