/**
 * `@headlessui/react`, as far as the starter's payment step uses it: a RadioGroup whose options
 * (Radio) select their value on a click.
 */
import React, { createContext, useContext } from "react"

const Selection = createContext<{ value: string; onChange: (value: string) => void }>({
  value: "",
  onChange: () => undefined,
})

export function RadioGroup(props: { value: string; onChange: (value: string) => void; children?: React.ReactNode }) {
  return (
    <Selection.Provider value={{ value: props.value, onChange: props.onChange }}>
      <div role="radiogroup">{props.children}</div>
    </Selection.Provider>
  )
}

export function HeadlessRadio(props: { value: string; children?: React.ReactNode; "data-testid"?: string }) {
  const selection = useContext(Selection)
  return (
    <div
      role="radio"
      aria-checked={selection.value === props.value}
      onClick={() => selection.onChange(props.value)}
      data-testid={props["data-testid"]}
    >
      {props.children}
    </div>
  )
}

export { HeadlessRadio as Radio }
