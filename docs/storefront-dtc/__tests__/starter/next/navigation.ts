/** next/navigation, as far as the guide uses it: the router moves the page (a browser) and records where. */
import { guideConfig } from "../guide-config"

type Params = Record<string, string | string[]>

export function useParams<T extends Params = Params>(): T {
  return { countryCode: guideConfig().countryCode } as unknown as T
}

function go(url: string): void {
  guideConfig().navigations.push(url)
  if (typeof window !== "undefined" && window.location) window.location.assign(url)
}

export function useRouter() {
  return { push: go, replace: go, refresh: () => undefined, back: () => undefined }
}
