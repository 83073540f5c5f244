import { Container, Heading, Table, Text } from "@medusajs/ui"
import { formatTime, type SettingChange } from "../lib/api"
import { SETTINGS_TEXT, settingLabel, settingValueText } from "../lib/settings-words"

/** The audit trail of the settings changed in the admin: who, when, which setting, old → new. */
export function SettingsAuditSection({ changes, error }: { changes: SettingChange[]; error: string | null }) {
  return (
    <Container className="divide-y p-0" data-testid="tbc-settings-audit">
      <div className="px-6 py-4">
        <Heading level="h2">{SETTINGS_TEXT.auditTitle}</Heading>
        {error && (
          <Text size="small" className="text-ui-fg-error" data-testid="tbc-settings-read-error">
            {SETTINGS_TEXT.readError}: {error}
          </Text>
        )}
      </div>
      {changes.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {SETTINGS_TEXT.auditEmpty}
        </Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{SETTINGS_TEXT.auditWhen}</Table.HeaderCell>
              <Table.HeaderCell>{SETTINGS_TEXT.auditWho}</Table.HeaderCell>
              <Table.HeaderCell>{SETTINGS_TEXT.auditProvider}</Table.HeaderCell>
              <Table.HeaderCell>{SETTINGS_TEXT.auditSetting}</Table.HeaderCell>
              <Table.HeaderCell>{SETTINGS_TEXT.auditChange}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.map((change) => (
              <Table.Row key={change.id} data-testid="tbc-settings-change">
                <Table.Cell>{formatTime(change.created_at)}</Table.Cell>
                <Table.Cell>{change.actor_email ?? change.actor_id}</Table.Cell>
                <Table.Cell>{change.provider_id}</Table.Cell>
                <Table.Cell>{settingLabel(change.key)}</Table.Cell>
                <Table.Cell className="whitespace-normal">
                  {settingValueText(change.key, change.old_value, SETTINGS_TEXT.configValue)} →{" "}
                  {settingValueText(change.key, change.new_value, SETTINGS_TEXT.configValue)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
