import React from "react"

/** The starter's checkout error line. */
const ErrorMessage = ({ error, "data-testid": dataTestid }: { error?: string | null; "data-testid"?: string }) =>
  error ? (
    <div className="pt-2 text-rose-500 text-small-regular" data-testid={dataTestid}>
      <span>{error}</span>
    </div>
  ) : null

export default ErrorMessage
