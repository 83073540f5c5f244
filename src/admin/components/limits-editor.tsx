import { Fragment, useState } from "react"
import { Input, Text } from "@medusajs/ui"
import { limitKeyText, limitsFormTexts, limitsFromForm, type LimitEnd, type LimitTexts } from "../lib/limits-form"
import type { LimitKey } from "../../lib/checkout-choices"
import { useTbcT } from "../lib/use-tbc-t"

/** Smallest and largest amount per method, by its name; inline problems as the admin types. */
export function LimitsEditor({
  testId,
  keys,
  value,
  onChange,
}: {
  testId: string
  keys: readonly LimitKey[]
  value: unknown
  onChange: (value: unknown) => void
}) {
  const t = useTbcT()
  const [texts, setTexts] = useState<LimitTexts>(() => limitsFormTexts(value, keys))
  const { problems } = limitsFromForm(texts, keys, value, t)
  const edit = (key: LimitKey, end: LimitEnd, text: string) => {
    const next = { ...texts, [key]: { ...texts[key], [end]: text } }
    setTexts(next)
    onChange(limitsFromForm(next, keys, value, t).value)
  }
  return (
    <div className="grid grid-cols-[auto_auto_auto] items-center gap-x-2 gap-y-1" data-testid={testId}>
      <span />
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("tbc.limits.smallest")} ({t("tbc.limits.gel")})
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("tbc.limits.largest")} ({t("tbc.limits.gel")})
      </Text>
      {keys.map((key) => {
        const problem = [problems[key], problems[`${key}.min`], problems[`${key}.max`]].filter(Boolean).join(" ")
        return (
          <Fragment key={key}>
            <Text size="small">{limitKeyText(key, t)}</Text>
            {(["min", "max"] as const).map((end) => (
              <Input
                key={end}
                size="small"
                inputMode="decimal"
                className="max-w-[120px]"
                placeholder={t("tbc.limits.noLimit")}
                value={texts[key]?.[end] ?? ""}
                onChange={(event) => edit(key, end, event.target.value)}
                data-testid={`${testId}-${key}-${end}`}
              />
            ))}
            {problem && (
              <Text size="xsmall" className="text-ui-fg-error col-span-3" data-testid={`${testId}-${key}-error`}>
                {problem}
              </Text>
            )}
          </Fragment>
        )
      })}
    </div>
  )
}
