import { useState } from "react"
import { Badge, Button, Checkbox, Container, Heading, Input, Switch, Table, Text, toast } from "@medusajs/ui"
import { errorText, type EditableSetting, type ProviderSettings } from "../lib/api"
import { useSaveSettings } from "../lib/queries"
import { NO_PROBLEMS, problemsOf, type Problems } from "../lib/settings-problems"
import { choiceValueText, settingHint, settingLabel, settingValueText, settingsWords } from "../lib/settings-words"
import { methodText } from "../lib/i18n"
import { LimitsEditor } from "./limits-editor"
import { TitlesEditor } from "./titles-editor"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function Editor({
  providerId,
  setting,
  value,
  onChange,
}: {
  providerId: string
  setting: EditableSetting
  value: unknown
  onChange: (value: unknown) => void
}) {
  const testId = `tbc-setting-input-${providerId}-${setting.key}`
  const t = useTbcT()
  const input = setting.input
  switch (input.type) {
    case "boolean":
      return <Switch checked={value === true} onCheckedChange={(checked) => onChange(checked)} data-testid={testId} />
    case "choice":
      return (
        <select
          className="bg-ui-bg-field border-ui-border-base txt-compact-small rounded-md border px-2 py-1"
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
        >
          {typeof value !== "string" && (
            <option value="" disabled>
              {settingsWords(t).bankDefault}
            </option>
          )}
          {input.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choiceValueText(setting.key, choice, t)}
            </option>
          ))}
        </select>
      )
    case "methods": {
      const list = Array.isArray(value) ? (value as number[]) : []
      const toggle = (method: number, on: boolean) =>
        onChange(input.choices.filter((m) => (m === method ? on : list.includes(m))))
      return (
        <div>
          <div className="flex flex-wrap gap-x-3 gap-y-1" data-testid={testId}>
            {input.choices.map((method) => (
              <label key={method} className="flex items-center gap-x-1">
                <Checkbox
                  checked={list.includes(method)}
                  onCheckedChange={(checked) => toggle(method, checked === true)}
                  data-testid={`${testId}-${method}`}
                />
                <Text size="small">{methodText(method, t)}</Text>
              </label>
            ))}
          </div>
          {(input.unavailable ?? []).length > 0 && (
            <Text size="xsmall" className="text-ui-fg-subtle mt-1" data-testid={`${testId}-unavailable`}>
              {settingsWords(t).unavailable((input.unavailable ?? []).map((m) => methodText(m, t)).join(", "))}
            </Text>
          )}
        </div>
      )
    }
    case "days":
      return (
        <Input
          size="small"
          type="number"
          className="max-w-[120px]"
          value={typeof value === "number" || typeof value === "string" ? String(value) : ""}
          onChange={(event) => onChange(event.target.value === "" ? "" : Number(event.target.value))}
          data-testid={testId}
        />
      )
    case "text": {
      const text = typeof value === "string" ? value : ""
      return (
        <div className="flex items-center gap-x-2">
          <Input
            size="small"
            className="max-w-[260px]"
            value={text}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
          />
          <Text size="xsmall" className="text-ui-fg-subtle">
            {text.length}/{input.maxLength}
          </Text>
        </div>
      )
    }
    case "limits":
      return <LimitsEditor testId={testId} keys={input.keys} value={value} onChange={onChange} />
    case "titles":
      return (
        <TitlesEditor testId={testId} keys={input.keys} maxLength={input.maxLength} value={value} onChange={onChange} />
      )
  }
}

/** The settings of one provider a shop manager may change: edit, save, reset to config; errors inline. */
export function EditableSettingsSection({ provider }: { provider: ProviderSettings }) {
  const save = useSaveSettings()
  const t = useTbcT()
  const time = useFormatTime()
  const words = settingsWords(t)
  const [draft, setDraft] = useState<Record<string, unknown>>({})
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS)
  const keys = provider.editable.map((s) => s.key)
  const current = (setting: EditableSetting) => (setting.key in draft ? draft[setting.key] : setting.value)
  const edited = provider.editable.filter((s) => s.key in draft && !same(draft[s.key], s.value))

  const submit = (input: { set?: Record<string, unknown>; reset?: string[] }, done: (count: number) => string) =>
    save.mutate(
      { provider_id: provider.provider_id, ...input },
      {
        onSuccess: (result) => {
          setDraft((d) =>
            Object.fromEntries(Object.entries(d).filter(([k]) => !input.set?.[k] && !input.reset?.includes(k)))
          )
          setProblems(NO_PROBLEMS)
          toast.success(done(result.changes.length))
        },
        onError: (error) => setProblems(problemsOf(errorText(error), keys, t)),
      }
    )

  if (provider.editable.length === 0) return null
  return (
    <Container className="divide-y p-0" data-testid={`tbc-settings-${provider.provider_id}`}>
      <div className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">
            {words.title}: {provider.provider_id}
          </Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {words.intro}
          </Text>
        </div>
        <Button
          size="small"
          className="shrink-0"
          disabled={edited.length === 0 || save.isPending}
          isLoading={save.isPending}
          onClick={() => submit({ set: Object.fromEntries(edited.map((s) => [s.key, draft[s.key]])) }, words.saved)}
          data-testid={`tbc-settings-save-${provider.provider_id}`}
        >
          {words.save}
        </Button>
      </div>
      {problems.general && (
        <Text
          size="small"
          className="text-ui-fg-error px-6 py-2"
          data-testid={`tbc-settings-error-${provider.provider_id}`}
        >
          {problems.general}
        </Text>
      )}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{words.setting}</Table.HeaderCell>
            <Table.HeaderCell>{words.value}</Table.HeaderCell>
            <Table.HeaderCell>{words.config}</Table.HeaderCell>
            <Table.HeaderCell>{words.source}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {provider.editable.map((setting) => (
            <Table.Row
              key={setting.key}
              className="[&_td]:align-top"
              data-testid={`tbc-setting-${provider.provider_id}-${setting.key}`}
            >
              <Table.Cell className="max-w-[280px] whitespace-normal py-2">
                <Text size="small" weight="plus">
                  {settingLabel(setting.key, t)}
                </Text>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {settingHint(setting.key, t)}
                </Text>
              </Table.Cell>
              <Table.Cell className="whitespace-normal py-2">
                <Editor
                  key={JSON.stringify(setting.value)}
                  providerId={provider.provider_id}
                  setting={setting}
                  value={current(setting)}
                  onChange={(value) => setDraft((d) => ({ ...d, [setting.key]: value }))}
                />
                {problems.byKey[setting.key] && (
                  <Text
                    size="xsmall"
                    className="text-ui-fg-error mt-1"
                    data-testid={`tbc-setting-error-${provider.provider_id}-${setting.key}`}
                  >
                    {problems.byKey[setting.key]}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell className="py-2">
                <Text size="small">{settingValueText(setting.key, setting.config_value, undefined, t)}</Text>
              </Table.Cell>
              <Table.Cell className="max-w-[260px] whitespace-normal py-2">
                {setting.stored ? (
                  <>
                    <Text size="xsmall">
                      {words.changedBy(setting.stored.updated_by ?? "?", time(setting.stored.updated_at))}
                    </Text>
                    {setting.ignored && (
                      <div data-testid={`tbc-setting-ignored-${provider.provider_id}-${setting.key}`}>
                        <Badge size="2xsmall" color="orange">
                          {words.notApplied}
                        </Badge>
                        <Text size="xsmall" className="text-ui-fg-subtle">
                          {words.notAppliedHint}{" "}
                          {problemsOf(setting.ignored, [setting.key], t).byKey[setting.key] ?? setting.ignored}
                        </Text>
                      </div>
                    )}
                    <Button
                      size="small"
                      variant="transparent"
                      disabled={save.isPending}
                      onClick={() =>
                        submit({ reset: [setting.key] }, () => words.resetDone(settingLabel(setting.key, t)))
                      }
                      data-testid={`tbc-setting-reset-${provider.provider_id}-${setting.key}`}
                    >
                      {words.reset}
                    </Button>
                  </>
                ) : (
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {words.fromConfig}
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Container>
  )
}
