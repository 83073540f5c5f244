/**
 * The guide's return route in a browser, as Next.js would run it: the page (a server component
 * there) is called with the URL's country code and cart, and what it returns is rendered by React.
 */
import React from "react"
import { createRoot } from "react-dom/client"
import TbcReturnPage from "../src/app/[countryCode]/(checkout)/tbc/return/page"

const url = new URL(window.location.href)
TbcReturnPage({
  params: Promise.resolve({ countryCode: url.pathname.split("/")[1] }),
  searchParams: Promise.resolve({ cart: url.searchParams.get("cart") ?? undefined }),
}).then((page) => createRoot(document.getElementById("root")!).render(<React.StrictMode>{page}</React.StrictMode>))
