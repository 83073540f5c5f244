import { Badge, Table, Text } from "@medusajs/ui"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

/** What a row of work retried with backoff shows (installment changes, saved-card recordings). */
export interface RetriedFailure {
  id: string
  state: string
  attempts: number
  last_error: string | null
  next_attempt_at: string | null
  gave_up_at: string | null
}

/**
 * The table of a section listing retried work: two columns naming the item (given as headers and
 * a function of the row), then its state (retrying / given up), tries, last error and next try.
 */
export function RetriedFailuresTable<Row extends RetriedFailure>({
  rows,
  columns,
  cells,
}: {
  rows: Row[]
  columns: [string, string]
  cells: (row: Row) => [React.ReactNode, React.ReactNode]
}) {
  const t = useTbcT()
  const time = useFormatTime()
  if (rows.length === 0)
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {t("tbc.common.none")}
      </Text>
    )
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{columns[0]}</Table.HeaderCell>
          <Table.HeaderCell>{columns[1]}</Table.HeaderCell>
          <Table.HeaderCell>{t("tbc.retried.state")}</Table.HeaderCell>
          <Table.HeaderCell>{t("tbc.retried.tries")}</Table.HeaderCell>
          <Table.HeaderCell>{t("tbc.retried.lastError")}</Table.HeaderCell>
          <Table.HeaderCell>{t("tbc.retried.nextTry")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => {
          const [first, second] = cells(row)
          return (
            <Table.Row key={row.id}>
              <Table.Cell>{first}</Table.Cell>
              <Table.Cell>{second}</Table.Cell>
              <Table.Cell>
                <Badge size="2xsmall" color={row.state === "given_up" ? "red" : "orange"}>
                  {row.state === "given_up" ? t("tbc.retried.givenUp") : t("tbc.retried.retrying")}
                </Badge>
              </Table.Cell>
              <Table.Cell>{row.attempts}</Table.Cell>
              <Table.Cell>{row.last_error}</Table.Cell>
              <Table.Cell>{time(row.gave_up_at ?? row.next_attempt_at)}</Table.Cell>
            </Table.Row>
          )
        })}
      </Table.Body>
    </Table>
  )
}
