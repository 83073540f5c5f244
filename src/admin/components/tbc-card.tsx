/**
 * The widgets' card for an order that has no TBC payment (yet): the "TBC Bank" heading above the
 * parts that apply (a payment link, a saved-card charge), in the dashboard's side-column look.
 */
import { Container, Heading } from "@medusajs/ui"
import type { ReactNode } from "react"

export const TbcCard = ({ testId, children }: { testId: string; children: ReactNode }) => (
  <Container className="divide-y p-0" data-testid={testId}>
    <div className="px-6 py-4">
      <Heading level="h2">TBC Bank</Heading>
    </div>
    {children}
  </Container>
)
