/** A fake Store API behind a fake fetch (no network): routes answer from a script, calls are recorded. */
import type { FetchLike } from "../store-client"

export interface RecordedCall {
  method: string
  path: string
  headers: Record<string, string>
  body: unknown
}
type Answer = { status?: number; body: unknown } | Error
type Route = (call: RecordedCall) => Answer

export function fakeStore(routes: Record<string, Route | Answer[]>) {
  const calls: RecordedCall[] = []
  const fetch: FetchLike = async (url, init) => {
    const { pathname } = new URL(url)
    const call: RecordedCall = {
      method: init.method,
      path: pathname,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    }
    calls.push(call)
    const route = routes[`${init.method} ${pathname}`]
    if (!route) return { ok: false, status: 404, text: async () => JSON.stringify({ message: `no route ${pathname}` }) }
    // A list answers in order and repeats its last answer.
    const answer = Array.isArray(route) ? (route.length > 1 ? route.shift()! : route[0]) : route(call)
    if (answer instanceof Error) throw answer
    const status = answer.status ?? 200
    return { ok: status < 300, status, text: async () => JSON.stringify(answer.body) }
  }
  return { fetch, calls }
}

/** A clock that sleeping moves forward, so deadlines pass without waiting. */
export function fakeClock() {
  let time = 0
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms
    },
  }
}
