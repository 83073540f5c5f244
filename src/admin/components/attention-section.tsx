import { Container, Heading, Table, Text } from "@medusajs/ui"
import type { AttentionList } from "../lib/api"
import { AttentionEntryRows } from "./attention-entry"
import { useTbcT } from "../lib/use-tbc-t"

/**
 * "Payments that need your decision": every unresolved entry of the money ledger (what the bank
 * has not settled, or money at the bank that no order owns), with what is known and the actions
 * that end it. Each action is recorded with the admin's name; the list refreshes after it.
 */
export function AttentionSection({ attention }: { attention: AttentionList }) {
  const { entries, has_more: hasMore } = attention
  const t = useTbcT()
  return (
    <Container className="divide-y p-0" data-testid="tbc-attention">
      <div className="px-6 py-4">
        <Heading level="h2">{t("tbc.attention.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("tbc.attention.hint")}
        </Text>
      </div>
      {entries.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="tbc-attention-empty">
          {t("tbc.attention.empty")}
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("tbc.attention.when")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.amount")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.payment")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.state")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.checkout")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.actions")}</Table.HeaderCell>
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
          {t("tbc.attention.more", { count: entries.length })}
        </Text>
      )}
    </Container>
  )
}
