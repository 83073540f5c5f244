import React from "react"

/** One of the starter's provider icons. */
const Icon = () => <svg width="20" height="20" />

export default Icon
