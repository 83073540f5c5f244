/**
 * What the kit's React parts share (react.ts composes them): the React passed in, the options of
 * createTbcReact, and the few decisions every component makes the same way — which store to ask,
 * which language to speak, where the storefront's pages are and how to go there.
 */
import { tbcStoreOverAction, type TbcStore, type TbcStoreAnswer, type TbcStoreCall } from "./store-actions"

/** The part of React the kit uses (React 18 and 19 both fit). */
export interface ReactLike<Element = unknown> {
  createElement(type: string, props: Record<string, unknown> | null, ...children: unknown[]): Element
  useState<S>(initial: S): [S, (value: S) => void]
  useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void
}

export interface TbcReactOptions {
  /** The store every component asks unless given its own `store` (a TbcStoreClient, or tbcStoreOverAction). */
  store?: TbcStore
  /**
   * Instead of `store`: the storefront's server action that runs the kit's calls (runTbcStoreCall
   * on the server), for a login kept in an httpOnly cookie.
   */
  serverAction?: (call: TbcStoreCall) => Promise<TbcStoreAnswer>
  /**
   * The storefront's path before the kit's pages (the dtc-starter's `/[countryCode]`, e.g. "/ge"),
   * read in the browser only; a component's `basePath` prop wins (pass it where a page is rendered
   * on the server). Default: none.
   */
  basePath?: () => string
  /**
   * The shopper's language where a component is not told one (its `locale` prop, the cart's
   * `locale`): read in the browser after the first render, so server and browser render alike.
   * Default: the `_medusa_locale` cookie, where Medusa's Next.js starters keep it.
   */
  locale?: () => string | null | undefined
  /** The default of TbcPayButton's `renderButton`: the storefront's own button. */
  renderButton?: (button: TbcButtonProps) => unknown
  /** How the kit moves the browser to one of the storefront's pages; default `location.assign`. */
  navigate?: (url: string) => void
}

/** What a storefront's own button gets from renderButton (the props of the dtc-starter's Button). */
export interface TbcButtonProps {
  type: "button"
  onClick: () => void
  disabled: boolean
  isLoading: boolean
  children: string
  "data-testid": string
}

/** The cookie Medusa's Next.js starters keep the shopper's locale in (not httpOnly). */
export function medusaLocaleCookie(cookies: string | undefined = globalThis.document?.cookie): string | null {
  const value = /(?:^|;\s*)_medusa_locale=([^;]*)/.exec(cookies ?? "")?.[1]
  if (!value) return null
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** Props every component takes. */
export interface TbcComponentProps {
  /** the store to ask; default the one given to createTbcReact */
  store?: TbcStore
  /** "en", "ka", "ru" (any other: English); default the cart's, else createTbcReact's `locale` */
  locale?: string | null
  /** the storefront's path before the kit's pages; default createTbcReact's `basePath` */
  basePath?: string
}

/** Class names of a component's parts: its markup has structure only, the storefront styles it. */
export type ClassNames<Part extends string> = Partial<Record<Part, string>>

/** "a b" from the names given; undefined when none (no empty class attribute). */
export function classes(...names: Array<string | false | null | undefined>): string | undefined {
  const joined = names.filter(Boolean).join(" ")
  return joined === "" ? undefined : joined
}

export interface Kit<Element> {
  React: ReactLike<Element>
  h: ReactLike<Element>["createElement"]
  /** the store of `props`, else createTbcReact's; a clear error when neither is given */
  storeOf(props: { store?: TbcStore }): TbcStore
  /** the explicit locale, else (after the first render) createTbcReact's `locale` */
  useLocale(...explicit: Array<string | null | undefined>): string | null
  /** props.basePath, else createTbcReact's (in the browser), else "" */
  basePathOf(props: { basePath?: string }): string
  navigate(url: string): void
  /** the storefront's own button, when createTbcReact was given one */
  renderButton?: (button: TbcButtonProps) => unknown
  /** true from the first effect on: what only the browser knows may be drawn */
  useMounted(): boolean
}

export function createKit<Element>(React: ReactLike<Element>, options: TbcReactOptions = {}): Kit<Element> {
  const inBrowser = () => typeof window !== "undefined"
  const bound = options.store ?? (options.serverAction ? tbcStoreOverAction(options.serverAction) : undefined)
  const browserLocale = options.locale ?? (() => medusaLocaleCookie())
  return {
    React,
    h: React.createElement,
    renderButton: options.renderButton,
    storeOf(props) {
      const store = props.store ?? bound
      if (!store) throw new Error("medusa-payment-tbc-storefront: pass `store` to createTbcReact or to the component")
      return store
    },
    useLocale(...explicit) {
      const [fromBrowser, setFromBrowser] = React.useState<string | null>(null)
      React.useEffect(() => {
        setFromBrowser(browserLocale() ?? null)
      }, [])
      return explicit.find((locale) => typeof locale === "string" && locale !== "") ?? fromBrowser
    },
    basePathOf(props) {
      if (props.basePath !== undefined) return props.basePath.replace(/\/+$/, "")
      return inBrowser() && options.basePath ? options.basePath().replace(/\/+$/, "") : ""
    },
    useMounted() {
      const [mounted, setMounted] = React.useState(false)
      React.useEffect(() => setMounted(true), [])
      return mounted
    },
    navigate(url) {
      if (options.navigate) options.navigate(url)
      else globalThis.location.assign(url)
    },
  }
}
