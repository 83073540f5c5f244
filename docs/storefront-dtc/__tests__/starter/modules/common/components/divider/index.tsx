import React from "react"

const Divider = ({ className }: { className?: string }) => <div className={className} />

export default Divider
