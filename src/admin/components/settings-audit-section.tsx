import { Container, Heading, Table, Text } from "@medusajs/ui"
import { type SettingChange } from "../lib/api"
import { settingLabel, settingValueText, settingsWords } from "../lib/settings-words"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

/** The audit trail of the settings changed in the admin: who, when, which setting, old → new. */
export function SettingsAuditSection({ changes, error }: { changes: SettingChange[]; error: string | null }) {
  const t = useTbcT()
  const time = useFormatTime()
  const words = settingsWords(t)
  return (
    <Container className="divide-y p-0" data-testid="tbc-settings-audit">
      <div className="px-6 py-4">
        <Heading level="h2">{words.auditTitle}</Heading>
        {error && (
          <Text size="small" className="text-ui-fg-error" data-testid="tbc-settings-read-error">
            {words.readError}: {error}
          </Text>
        )}
      </div>
      {changes.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {words.auditEmpty}
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{words.auditWhen}</Table.HeaderCell>
              <Table.HeaderCell>{words.auditWho}</Table.HeaderCell>
              <Table.HeaderCell>{words.auditProvider}</Table.HeaderCell>
              <Table.HeaderCell>{words.auditSetting}</Table.HeaderCell>
              <Table.HeaderCell>{words.auditChange}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.map((change) => (
              <Table.Row key={change.id} data-testid="tbc-settings-change">
                <Table.Cell>{time(change.created_at)}</Table.Cell>
                <Table.Cell>{change.actor_email ?? change.actor_id}</Table.Cell>
                <Table.Cell>{change.provider_id}</Table.Cell>
                <Table.Cell>{settingLabel(change.key, t)}</Table.Cell>
                <Table.Cell className="whitespace-normal">
                  {settingValueText(change.key, change.old_value, words.configValue, t)} →{" "}
                  {settingValueText(change.key, change.new_value, words.configValue, t)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
