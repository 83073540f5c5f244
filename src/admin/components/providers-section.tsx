import { Badge, Container, Copy, Heading, Table, Text } from "@medusajs/ui"
import { methodLabel } from "../../lib/labels"
import type { ProviderSettings } from "../lib/api"

const yesNo = (value: boolean) => (
  <Badge color={value ? "green" : "grey"} size="2xsmall">
    {value ? "On" : "Off"}
  </Badge>
)

/** The configured providers (secrets only as set/missing) and the callback URL to register at the bank. */
export function ProvidersSection({ providers }: { providers: ProviderSettings[] }) {
  const callbackUrls = providers.filter((p) => p.callback_url)
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Providers</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Enable them per region in Settings → Regions. The values in force, with the settings changed below.
          Credentials are configured in medusa-config and never shown here.
        </Text>
      </div>
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Provider</Table.HeaderCell>
            <Table.HeaderCell>Environment</Table.HeaderCell>
            <Table.HeaderCell>Methods</Table.HeaderCell>
            <Table.HeaderCell>Preauth</Table.HeaderCell>
            <Table.HeaderCell>Saved cards</Table.HeaderCell>
            <Table.HeaderCell>Campaign</Table.HeaderCell>
            <Table.HeaderCell>Credentials</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {providers.map((p) => (
            <Table.Row key={p.provider_id} data-testid={`tbc-provider-${p.provider_id}`}>
              <Table.Cell>
                <Text size="small" weight="plus">
                  {p.kind === "tbc-checkout" ? "TBC Checkout" : "TBC Installments"}
                </Text>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {p.provider_id}
                </Text>
              </Table.Cell>
              <Table.Cell>{p.environment ?? "—"}</Table.Cell>
              <Table.Cell>
                {p.methods ? p.methods.map(methodLabel).join(", ") : p.kind === "tbc-checkout" ? "Default" : "—"}
              </Table.Cell>
              <Table.Cell>{p.kind === "tbc-checkout" ? yesNo(p.pre_auth) : "—"}</Table.Cell>
              <Table.Cell>{p.kind === "tbc-checkout" ? yesNo(p.save_cards) : "—"}</Table.Cell>
              <Table.Cell>{p.campaign_id ?? "—"}</Table.Cell>
              <Table.Cell>
                {Object.entries(p.credentials).map(([name, state]) => (
                  <Badge key={name} size="2xsmall" color={state === "set" ? "green" : "red"} className="mr-1">
                    {name}: {state}
                  </Badge>
                ))}
                {p.options_error && (
                  <Text size="xsmall" className="text-ui-fg-error">
                    {p.options_error}
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {callbackUrls.map((p) => (
        <div key={p.provider_id} className="flex items-center gap-x-2 px-6 py-4">
          <Text size="small" weight="plus">
            Callback URL
          </Text>
          <code data-testid="tbc-callback-url" className="bg-ui-bg-subtle rounded px-2 py-1 text-xs">
            {p.callback_url}
          </code>
          <Copy content={p.callback_url ?? ""} />
          <Text size="xsmall" className="text-ui-fg-subtle">
            Register exactly this URL, with no query string, in the TBC merchant dashboard. Saved-card charges are
            called back only there; web payments also carry a signed copy of it. Both are matched to the order through
            the plugin's own record.
          </Text>
        </div>
      ))}
    </Container>
  )
}
