import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch, errorText, type ConnectionResult } from "../lib/api"

/** "Check connection": obtains a token from the bank per provider and shows OK or the bank's words. */
export function ConnectionSection() {
  const [results, setResults] = useState<ConnectionResult[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)

  const check = async () => {
    setChecking(true)
    setError(null)
    try {
      const body = await adminFetch<{ results: ConnectionResult[] }>("/admin/tbc/settings/check-connection", { method: "POST" })
      setResults(body.results)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setChecking(false)
    }
  }

  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4">
      <div className="flex items-center justify-between">
        <Heading level="h2">Connection</Heading>
        <Button size="small" variant="secondary" isLoading={checking} onClick={check} data-testid="tbc-check-connection">
          Check connection
        </Button>
      </div>
      {error && <Text size="small" className="text-ui-fg-error">{error}</Text>}
      {results?.map((r) => (
        <div key={r.provider_id} className="flex items-center gap-x-2" data-testid={`tbc-connection-${r.provider_id}`}>
          <StatusBadge color={r.ok ? "green" : "red"}>{r.ok ? "OK" : "Failed"}</StatusBadge>
          <Text size="small" weight="plus">{r.provider_id}</Text>
          <Text size="small" className="text-ui-fg-subtle">
            {r.ok
              ? `token obtained in ${r.latency_ms} ms`
              : [r.problem?.title, r.problem?.detail].filter(Boolean).join(": ")}
          </Text>
        </div>
      ))}
    </Container>
  )
}
