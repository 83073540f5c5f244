/**
 * The starter's UI module (`@modules/common/components/ui`): the components the guide uses, with
 * the starter's prop types (native element props plus its own: Text `as`, Heading `level`, Button
 * `variant`/`size`/`isLoading`, Checkbox `label`) and plain markup.
 */
import React, { forwardRef } from "react"

type ClassValue = string | false | null | undefined | Record<string, boolean | undefined>

/** The starter re-exports clsx as clx. */
export function clx(...values: ClassValue[]): string {
  return values
    .flatMap((value) =>
      !value ? [] : typeof value === "string" ? [value] : Object.keys(value).filter((key) => value[key])
    )
    .join(" ")
}

type TextProps = React.HTMLAttributes<HTMLParagraphElement> & { as?: "p" | "span" | "div" }
export const Text = forwardRef<HTMLParagraphElement, TextProps>(({ as: Tag = "p", ...props }, ref) => (
  <Tag ref={ref} {...props} />
))
Text.displayName = "Text"

type HeadingProps = React.HTMLAttributes<HTMLHeadingElement> & { level?: "h1" | "h2" | "h3" }
export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(({ level: Tag = "h2", ...props }, ref) => (
  <Tag ref={ref} {...props} />
))
Heading.displayName = "Heading"

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "transparent"
  size?: "small" | "medium" | "large"
  isLoading?: boolean
}
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  ({ variant = "primary", size = "medium", isLoading, disabled, children, ...props }, ref) => (
    <button ref={ref} data-variant={variant} data-size={size} disabled={disabled || isLoading} {...props}>
      {isLoading ? "Loading..." : children}
    </button>
  )
)
Button.displayName = "Button"

export const Container = forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>((props, ref) => (
  <div ref={ref} {...props} />
))
Container.displayName = "Container"

export const Label = forwardRef<HTMLLabelElement, React.LabelHTMLAttributes<HTMLLabelElement>>((props, ref) => (
  <label ref={ref} {...props} />
))
Label.displayName = "Label"

type CheckboxProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> & { label?: string }
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(({ label, id, ...props }, ref) => (
  <div>
    <input ref={ref} type="checkbox" id={id} {...props} />
    {label && <Label htmlFor={id}>{label}</Label>}
  </div>
))
Checkbox.displayName = "Checkbox"
