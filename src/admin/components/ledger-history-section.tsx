import { Fragment, useState } from "react"
import { Badge, Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { type LedgerHistory } from "../lib/api"
import { actorText, amountText, kindText, ledgerEventText, stateText } from "../lib/attention-words"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

/**
 * "Decided in the admin": the ledger entries an admin acted on, newest first, with the last admin
 * decision (who, what, why) and, on demand, the entry's whole history: every move, from which
 * state to which, who or what moved it and why. Still there once the entry left the attention list.
 */
export function LedgerHistorySection({ history }: { history: LedgerHistory }) {
  const t = useTbcT()
  const time = useFormatTime()
  const [open, setOpen] = useState<string | null>(null)
  return (
    <Container className="divide-y p-0" data-testid="tbc-ledger-history">
      <div className="px-6 py-4">
        <Heading level="h2">{t("tbc.history.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("tbc.history.hint")}
        </Text>
      </div>
      {history.entries.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("tbc.history.empty")}
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("tbc.attention.when")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.amount")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.payment")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.history.decision")}</Table.HeaderCell>
              <Table.HeaderCell>{t("tbc.attention.state")}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.entries.map((entry) => {
              const decision = [...entry.events].reverse().find((e) => e.actor?.startsWith("admin:"))
              return (
                <Fragment key={entry.id}>
                  <Table.Row data-testid={`tbc-history-entry-${entry.id}`} className="[&_td]:align-top">
                    <Table.Cell className="py-2">
                      <Text size="small">{time(decision?.created_at ?? entry.created_at)}</Text>
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {kindText(entry.kind, t)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell className="py-2">{amountText(entry.amount, entry.currency)}</Table.Cell>
                    <Table.Cell className="py-2">
                      <Text size="xsmall">
                        {t("tbc.attention.merchantPaymentId", { id: entry.merchant_payment_id ?? "—" })}
                      </Text>
                      <Text size="xsmall">
                        {entry.pay_id ? t("tbc.attention.payId", { id: entry.pay_id }) : t("tbc.attention.noPayId")}
                      </Text>
                    </Table.Cell>
                    <Table.Cell className="max-w-[320px] whitespace-normal py-2">
                      {decision && (
                        <>
                          <Text size="small">
                            {ledgerEventText(decision.event, t)}: {actorText(decision.actor, decision.actor_email, t)}
                          </Text>
                          {decision.note && (
                            <Text size="xsmall" className="text-ui-fg-subtle">
                              {decision.note}
                            </Text>
                          )}
                        </>
                      )}
                    </Table.Cell>
                    <Table.Cell className="py-2">
                      <Badge size="2xsmall" color={entry.listed ? "orange" : "grey"}>
                        {stateText(entry.state, t)}
                      </Badge>
                      {entry.listed && (
                        <Text size="xsmall" className="text-ui-fg-subtle">
                          {t("tbc.history.stillListed")}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell className="py-2">
                      <Button
                        size="small"
                        variant="transparent"
                        onClick={() => setOpen(open === entry.id ? null : entry.id)}
                        data-testid={`tbc-history-toggle-${entry.id}`}
                      >
                        {open === entry.id ? t("tbc.history.hide") : t("tbc.history.show")}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                  {open === entry.id && (
                    <Table.Row data-testid={`tbc-history-events-${entry.id}`}>
                      {/* a plain cell: Table.Cell's props have no colSpan */}
                      <td colSpan={6} className="px-6 py-3">
                        {entry.events.map((event, index) => (
                          <Text key={index} size="xsmall" className="block">
                            {time(event.created_at)} · {ledgerEventText(event.event, t)} ·{" "}
                            {event.from_state ? stateText(event.from_state, t) : "—"} →{" "}
                            {event.to_state ? stateText(event.to_state, t) : "—"} ·{" "}
                            {actorText(event.actor, event.actor_email, t)}
                            {event.note ? ` · ${event.note}` : ""}
                          </Text>
                        ))}
                      </td>
                    </Table.Row>
                  )}
                </Fragment>
              )
            })}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
