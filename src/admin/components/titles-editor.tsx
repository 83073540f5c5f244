import { useState } from "react"
import { Input, Text } from "@medusajs/ui"
import { titleKeyText, titlesFormTexts, titlesFromForm } from "../lib/titles-form"
import { useTbcT } from "../lib/use-tbc-t"

/** The store's title per checkout choice, by the choice's name; empty: the storefront's own words. */
export function TitlesEditor({
  testId,
  keys,
  maxLength,
  value,
  onChange,
}: {
  testId: string
  keys: readonly string[]
  maxLength: number
  value: unknown
  onChange: (value: unknown) => void
}) {
  const t = useTbcT()
  const [texts, setTexts] = useState<Record<string, string>>(() => titlesFormTexts(value, keys))
  const edit = (key: string, text: string) => {
    const next = { ...texts, [key]: text }
    setTexts(next)
    onChange(titlesFromForm(next, keys, value))
  }
  return (
    <div className="grid grid-cols-[auto_auto_auto] items-center gap-x-2 gap-y-1" data-testid={testId}>
      {keys.map((key) => (
        <div key={key} className="contents">
          <Text size="small">{titleKeyText(key, t)}</Text>
          <Input
            size="small"
            className="max-w-[260px]"
            placeholder={t("tbc.titles.storefrontWords")}
            value={texts[key] ?? ""}
            onChange={(event) => edit(key, event.target.value)}
            data-testid={`${testId}-${key}`}
          />
          <Text size="xsmall" className="text-ui-fg-subtle">
            {(texts[key] ?? "").trim().length}/{maxLength}
          </Text>
        </div>
      ))}
    </div>
  )
}
