import { Badge, Container, Copy, Heading, Table, Text } from "@medusajs/ui"
import type { ProviderSettings } from "../lib/api"
import { methodText, paymentMethodText, type TbcT } from "../lib/i18n"
import { useTbcT } from "../lib/use-tbc-t"

const yesNo = (value: boolean, t: TbcT) => (
  <Badge color={value ? "green" : "grey"} size="2xsmall">
    {value ? t("tbc.common.on") : t("tbc.common.off")}
  </Badge>
)

/** The configured providers (secrets only as set/missing) and the callback URL to register at the bank. */
export function ProvidersSection({ providers }: { providers: ProviderSettings[] }) {
  const callbackUrls = providers.filter((p) => p.callback_url)
  const t = useTbcT()
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">{t("tbc.providers.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("tbc.providers.hint")}
        </Text>
      </div>
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t("tbc.providers.provider")}</Table.HeaderCell>
            <Table.HeaderCell>{t("tbc.providers.environment")}</Table.HeaderCell>
            <Table.HeaderCell>{t("tbc.providers.methods")}</Table.HeaderCell>
            <Table.HeaderCell>{t("tbc.providers.preauth")}</Table.HeaderCell>
            <Table.HeaderCell>{t("tbc.providers.savedCards")}</Table.HeaderCell>
            <Table.HeaderCell>{t("tbc.providers.campaign")}</Table.HeaderCell>
            <Table.HeaderCell>{t("tbc.providers.credentials")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {providers.map((p) => (
            <Table.Row key={p.provider_id} data-testid={`tbc-provider-${p.provider_id}`}>
              <Table.Cell>
                <Text size="small" weight="plus">
                  {p.kind === "tbc-checkout" ? t("tbc.providers.checkout") : t("tbc.providers.installments")}
                </Text>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {p.provider_id}
                </Text>
                {(p.method_providers ?? []).length > 0 && (
                  <Text
                    size="xsmall"
                    className="text-ui-fg-subtle"
                    data-testid={`tbc-method-providers-${p.provider_id}`}
                  >
                    {t("tbc.providers.perMethod", {
                      list: (p.method_providers ?? [])
                        .map(
                          (m) =>
                            `${m.provider_id} (${paymentMethodText(m.method, m.provider_id, t)}${m.enabled ? "" : `, ${t("tbc.providers.methodOff")}`})`
                        )
                        .join(", "),
                    })}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>{p.environment ?? "—"}</Table.Cell>
              <Table.Cell>
                {p.methods
                  ? p.methods.map((m) => methodText(m, t)).join(", ")
                  : p.kind === "tbc-checkout"
                    ? t("tbc.common.default")
                    : "—"}
              </Table.Cell>
              <Table.Cell>{p.kind === "tbc-checkout" ? yesNo(p.pre_auth, t) : "—"}</Table.Cell>
              <Table.Cell>{p.kind === "tbc-checkout" ? yesNo(p.save_cards, t) : "—"}</Table.Cell>
              <Table.Cell>{p.campaign_id ?? "—"}</Table.Cell>
              <Table.Cell>
                {Object.entries(p.credentials).map(([name, state]) => (
                  <Badge key={name} size="2xsmall" color={state === "set" ? "green" : "red"} className="mr-1">
                    {t("tbc.providers.credentialState", {
                      name,
                      state: state === "set" ? t("tbc.providers.set") : t("tbc.providers.missing"),
                    })}
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
            {t("tbc.providers.callbackUrl")}
          </Text>
          <code data-testid="tbc-callback-url" className="bg-ui-bg-subtle rounded px-2 py-1 text-xs">
            {p.callback_url}
          </code>
          <Copy content={p.callback_url ?? ""} />
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("tbc.providers.callbackHint")}
          </Text>
        </div>
      ))}
    </Container>
  )
}
