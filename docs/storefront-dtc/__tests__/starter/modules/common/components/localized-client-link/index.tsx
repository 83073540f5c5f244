import { useParams } from "next/navigation"
import React from "react"

/** The starter's Link that keeps the country code in the URL; a plain <a> here. */
const LocalizedClientLink = ({
  children,
  href,
  ...props
}: {
  children?: React.ReactNode
  href: string
  className?: string
  onClick?: () => void
  passHref?: true
  [x: string]: unknown
}) => {
  const { countryCode } = useParams()
  return (
    <a href={`/${countryCode}${href}`} {...props}>
      {children}
    </a>
  )
}

export default LocalizedClientLink
