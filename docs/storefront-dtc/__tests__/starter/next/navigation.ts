/** next/navigation, as far as the starter uses it: the router moves the browser page. */
type Params = Record<string, string | string[]>

const here = () => new URL(globalThis.location?.href ?? "http://localhost/")

export function useParams<T extends Params = Params>(): T {
  return { countryCode: here().pathname.split("/")[1] } as unknown as T
}

export function useSearchParams(): URLSearchParams {
  return here().searchParams
}

export function usePathname(): string {
  return here().pathname
}

function go(url: string, options?: { scroll?: boolean }): void {
  void options
  globalThis.location.assign(url)
}

export function useRouter() {
  return { push: go, replace: go, refresh: () => undefined, back: () => undefined }
}

export function notFound(): never {
  throw new Error("NEXT_NOT_FOUND")
}
