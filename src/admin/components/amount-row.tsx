/**
 * An amount typed in GEL and the button that sends it, as the widget's money forms show them
 * (capture less than the hold, charge the saved card): one look, one behaviour (decimal keyboard,
 * the button busy while the request runs).
 */
import { Button, Input } from "@medusajs/ui"

export const AmountRow = (props: {
  id: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  submit: string
  busy: boolean
  testId: string
}) => (
  <div className="flex gap-x-2">
    <Input
      id={props.id}
      size="small"
      inputMode="decimal"
      placeholder={props.placeholder}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      data-testid={`${props.testId}-amount`}
    />
    <Button
      size="small"
      variant="secondary"
      type="submit"
      isLoading={props.busy}
      data-testid={`${props.testId}-submit`}
    >
      {props.submit}
    </Button>
  </div>
)
