import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { errorText } from "../lib/api"
import { useCheckConnection } from "../lib/queries"
import { useTbcT } from "../lib/use-tbc-t"

/** "Check connection": obtains a token from the bank per provider and shows OK or the bank's words. */
export function ConnectionSection() {
  const check = useCheckConnection()
  const t = useTbcT()
  const results = check.data?.results
  const error = check.error ? errorText(check.error) : null

  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4">
      <div className="flex items-center justify-between">
        <Heading level="h2">{t("tbc.connection.title")}</Heading>
        <Button
          size="small"
          variant="secondary"
          isLoading={check.isPending}
          onClick={() => check.mutate()}
          data-testid="tbc-check-connection"
        >
          {t("tbc.connection.check")}
        </Button>
      </div>
      {error && (
        <Text size="small" className="text-ui-fg-error">
          {error}
        </Text>
      )}
      {results?.map((r) => (
        <div key={r.provider_id} className="flex items-center gap-x-2" data-testid={`tbc-connection-${r.provider_id}`}>
          <StatusBadge color={r.ok ? "green" : "red"}>{r.ok ? t("tbc.common.ok") : t("tbc.common.failed")}</StatusBadge>
          <Text size="small" weight="plus">
            {r.provider_id}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {r.ok
              ? t("tbc.connection.tokenIn", { ms: r.latency_ms ?? "—" })
              : [r.problem?.title, r.problem?.detail].filter(Boolean).join(": ")}
          </Text>
        </div>
      ))}
    </Container>
  )
}
